import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_EXAMPLES } from '../src/sandbox/index.js';
import { type BotHarness, startBot } from './fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

const metric = (text: string, line: RegExp) => Number(line.exec(text)?.[1] ?? Number.NaN);

describe('queues and live QR sessions, on /metrics and /querydesk status', () => {
  it('shows people waiting per operation while a burst is queued, and live QR sessions', async () => {
    await h.double.sendCommand(h.events, { command: '/qr', text: X.account.mediaMark });
    await h.double.waitFor(() => h.double.messages().find((m) => /not scanned/.test(m.text)), 8000);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h.double.sendCommand(h.events, {
          command: '/payorder',
          text: `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum} type=platform`,
          user: `UG${i}`,
        }),
      ),
    );
    // The commands are acked before their work starts; their calls join the queue just after.
    const during = await vi.waitFor(
      async () => {
        const text = await (await fetch(`${h.base}/metrics`)).text();
        const waiting = metric(
          text,
          /querydesk_gateway_queue_waiting\{operation="payOrder",priority="interactive"\} (\d+)/,
        );
        expect(waiting).toBeGreaterThan(0);
        return text;
      },
      { timeout: 3000, interval: 20 },
    );
    expect(during).toMatch(
      /querydesk_gateway_queue_waiting\{operation="qrStatus",priority="background"\} \d+/,
    );
    expect(during).toMatch(/querydesk_gateway_queue_running\{operation="payOrder"\} \d+/);
    expect(metric(during, /querydesk_qr_sessions_live (\d+)/)).toBe(1);

    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, { command: '/querydesk', text: 'status' });
    const status = await h.double.waitFor(
      () =>
        h.double
          .messages()
          .filter((m) => m.ephemeral)
          .slice(before)
          .find((m) => /querydesk status/.test(JSON.stringify(m.blocks))),
      8000,
    );
    const words = JSON.stringify(status.blocks);
    expect(words).toMatch(/payOrder.*\d+ waiting \(\d+ people, \d+ background\)/);
    expect(words).toContain('Live QR sessions*: 1');
    expect(words).toContain('this replica alone (no Redis)');
  }, 30_000);
});
