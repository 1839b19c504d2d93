import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import type { DoubleMessage } from '../src/slack-double/index.js';
import { type BotHarness, startBot } from './fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot({ QR_POLL_INTERVAL_MS: '100' });
});
afterAll(async () => {
  await h?.stop();
});

const statusMessages = () =>
  h.double.messages().filter((m) => !m.ephemeral && /QR login for/.test(m.text));

async function command(text: string, cmd: string, user: string): Promise<void> {
  const before = h.double.messages().length;
  const ack = await h.double.sendCommand(h.events, { command: cmd, text, user });
  expect(ack.status).toBe(200);
  await h.double.waitFor(() => h.double.messages().length > before, 8000);
}

describe('reconciliation with the gateway', () => {
  it("after a mixed workload, the ledger's net equals the sandbox's charged minus refunded, exactly", async () => {
    // Lookups by three people, some paid, one free, one refused before sending.
    await command(`${X.shopOrders.ownerId} size=20`, '/shoporders', 'U0A');
    await command(X.account.mediaMark, '/account', 'U0B');
    await command(`${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`, '/payorder', 'U0A');
    await command(X.coupons.sid, '/coupons', 'U0C');
    await command(`${X.punishments.platformUserId}`, '/punishments', 'U0B');
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: `${X.shopOrders.ownerId} size=500`,
      user: 'U0A',
    });

    // Three QR codes: two expire (refunds), one is scanned.
    for (let i = 0; i < 3; i++) await command(X.account.mediaMark, '/qr', 'U0Q');
    const sessions = await h.double.waitFor(() => {
      const ids = statusMessages()
        .map((m: DoubleMessage) => /(sbx[a-z0-9]+)/.exec(JSON.stringify(m.blocks))?.[1])
        .filter((id): id is string => !!id);
      return ids.length === 3 ? ids : undefined;
    }, 8000);
    const [a, b, c] = sessions as [string, string, string];
    h.bot.sandbox!.simulateExpire(a);
    h.bot.sandbox!.simulateExpire(b);
    h.bot.sandbox!.simulateScan(c);
    await h.double.waitFor(
      () =>
        statusMessages().filter((m) => /expired/.test(m.text)).length === 2 &&
        statusMessages().some((m) => /\bscanned\b/.test(m.text) && !/not scanned/.test(m.text)),
      15_000,
    );

    const teamId = h.double.teamId;
    const report = await h.bot.deps.ledger.spend({
      workspaceId: teamId,
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 60_000),
      timeZone: 'Asia/Shanghai',
    });
    const gateway = h.bot.sandbox!.ledger();
    expect(gateway.refunded).toBeGreaterThan(0);
    expect(report.charged).toBe(gateway.charged);
    expect(report.refunded).toBe(gateway.refunded);
    expect(report.net).toBe(gateway.charged - gateway.refunded);
    expect(report.byUser.map((u) => u.userId).sort()).toEqual(['U0A', 'U0B', 'U0C', 'U0Q']);

    // /spend tells the same number.
    // Parsed and acked first; the card follows through the response_url.
    const answers = () => h.double.messages().filter((m) => m.ephemeral);
    const before = answers().length;
    await h.double.sendCommand(h.events, { command: '/spend', text: 'today' });
    const answer = await h.double.waitFor(() => answers()[before], 5000);
    expect(answer.text).toContain(`${report.net} points`);
  }, 40_000);
});
