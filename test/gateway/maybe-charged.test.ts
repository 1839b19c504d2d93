import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../src/gateway/client.js';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { type BotHarness, startBotBehindProxy } from '../fakes/bot.js';
import type { GatewayProxy } from '../fakes/gateway-proxy.js';
import { captureLogger } from '../fakes/log-capture.js';

const X = SANDBOX_EXAMPLES;
let sandbox: Sandbox;
let proxy: GatewayProxy;
let h: BotHarness;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ h, sandbox, proxy, stop } = await startBotBehindProxy());
});
afterAll(async () => {
  await stop?.();
});

const served = (op: string) => sandbox.requests().filter((r) => r.op === op).length;
const entries = () => h.bot.deps.store.db.selectFrom('ledger_entries').selectAll().execute();
const answerTo = async (user: string, command: string, text: string) => {
  const before = h.double.messages().filter((m) => m.visibleTo === user).length;
  await h.double.sendCommand(h.events, { command, text, user });
  return h.double.waitFor(
    () => h.double.messages().filter((m) => m.visibleTo === user)[before],
    8000,
  );
};

describe('a paid call that may have reached the gateway is not sent again', () => {
  it('a connection cut after the gateway served /account: one call, recorded as maybe charged, shown in /spend', async () => {
    proxy.fail('reset-after-forward');
    const before = served('accountData');
    const answer = await answerTo('U0CUT1', '/account', X.account.mediaMark);
    expect(answer.text).toMatch(/connect|gateway/i);
    await h.bot.deps.work.drain();
    // The gateway served (and charged) it once; it was not asked again.
    expect(served('accountData') - before).toBe(1);
    const maybe = (await entries()).filter((e) => e.charge_unknown === 1);
    expect(maybe).toHaveLength(1);
    // No price known yet for the operation (its first call): it holds 0 until settled.
    expect(maybe[0]).toMatchObject({ operation: 'accountData', points: 0, kind: 'charge' });

    const spend = await answerTo('U0CUT1', '/spend', 'today');
    expect(spend.text).toMatch(/Charge unknown, unconfirmed: 1 paid call/);
    expect(JSON.stringify(spend.blocks)).toMatch(/Charge unknown, unconfirmed/);
  });

  it('a 5xx on a paid call is not retried either', async () => {
    proxy.fail('http-500');
    const received = proxy.received();
    await answerTo('U0CUT2', '/account', X.account.mediaMark);
    await h.bot.deps.work.drain();
    // One request reached the gateway and was answered 500; none followed.
    expect(proxy.received() - received).toBe(1);
    expect((await entries()).filter((e) => e.charge_unknown === 1)).toHaveLength(2);
  });

  it('a free call (payment order) is still retried after a 5xx, and nothing is flagged', async () => {
    proxy.fail('http-500', 'http-500');
    const received = proxy.received();
    const before = served('payOrder');
    const card = await answerTo(
      'U0CUT3',
      '/payorder',
      `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
    );
    expect(card.text).toMatch(/Paid/);
    expect(served('payOrder') - before).toBe(1);
    expect(proxy.received() - received).toBe(3);
    expect((await entries()).filter((e) => e.charge_unknown === 1)).toHaveLength(2);
  });
});

describe('failures that prove nothing was served are still retried', () => {
  it('a refused connection (nothing sent) on a paid call is tried three times and flags nothing', async () => {
    // A port that was just free: connecting to it is refused.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const charges: unknown[] = [];
    const log = captureLogger('info');
    const client = createGatewayClient({
      baseUrl: `http://127.0.0.1:${port}`,
      logger: log.logger,
      timeZone: 'Asia/Shanghai',
      sleep: async () => {},
      onCharge: (e) => {
        charges.push(e);
      },
    });
    const failed = await client
      .call('accountData', { mediaMark: X.account.mediaMark }, { token: 't', workspaceId: 'T' })
      .catch((e: unknown) => e as { kind: string; chargeUnknown: boolean });
    await client.close();
    expect(failed).toMatchObject({ kind: 'connection', chargeUnknown: false });
    expect(charges).toEqual([]);
    const retries = log.lines().filter((l) => l.msg === 'gateway call failed, retrying');
    expect(retries).toHaveLength(2);
  });
});

describe('a paid call that timed out after sending', () => {
  it('is not sent again and is reported as maybe charged', async () => {
    proxy.fail('slow');
    const received = proxy.received();
    const charges: { chargeUnknown?: boolean; points: number }[] = [];
    const client = createGatewayClient({
      baseUrl: proxy.url,
      logger: captureLogger('silent').logger,
      timeZone: 'Asia/Shanghai',
      sleep: async () => {},
      timeouts: { connectMs: 1_000, headersMs: 300, bodyMs: 300 },
      onCharge: (e) => {
        charges.push(e);
      },
    });
    const failed = await client
      .call('accountData', { mediaMark: X.account.mediaMark }, { token: X.token, workspaceId: 'T' })
      .catch((e: unknown) => e as { kind: string; chargeUnknown: boolean });
    await client.close();
    expect(failed).toMatchObject({ kind: 'timeout', chargeUnknown: true });
    expect(proxy.received() - received).toBe(1);
    expect(charges).toEqual([expect.objectContaining({ chargeUnknown: true, points: 0 })]);
  });
});
