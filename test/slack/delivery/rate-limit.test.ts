import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { withSlackRateLimit } from '../../../src/slack/delivery/rate-limit.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES.payOrder;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
});
afterAll(async () => {
  await h?.stop();
});

async function ephemeralCard() {
  const eph = () => h.double.messages().filter((m) => m.ephemeral);
  const before = eph().length;
  await h.double.sendCommand(h.events, {
    command: '/payorder',
    text: `${X.paid.orderNumber} ${X.merchantNum}`,
    user: 'U0RL',
  });
  return h.double.waitFor(() => eph()[before], 5000);
}

describe('Slack rate limits', () => {
  it('a 429 with a short Retry-After delays only that post, which then lands', async () => {
    const card = await ephemeralCard();
    const publicBefore = h.double.messages().filter((m) => !m.ephemeral).length;
    h.double.failNext('chat.postMessage', { status: 429, retryAfter: 1 });
    const t0 = Date.now();
    await h.double.sendAction(h.events, {
      actionId: 'qd_share',
      channel: card.channel,
      messageTs: card.ts,
      user: 'U0RL',
    });
    await h.double.waitFor(
      () => h.double.messages().filter((m) => !m.ephemeral).length > publicBefore,
      5000,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it('a 429 asking for longer than the bound is shown to the person, not waited out', async () => {
    const card = await ephemeralCard();
    const ephBefore = h.double.messages().filter((m) => m.ephemeral).length;
    h.double.failNext('chat.postMessage', { status: 429, retryAfter: 120 });
    await h.double.sendAction(h.events, {
      actionId: 'qd_share',
      channel: card.channel,
      messageTs: card.ts,
      user: 'U0RL',
    });
    const notice = await h.double.waitFor(
      () => h.double.messages().filter((m) => m.ephemeral)[ephBefore],
      5000,
    );
    expect(notice.text).toMatch(/rate limiting posts here \(it asked to wait 120 s\)/);
    expect(h.log.lines()).toContainEqual(
      expect.objectContaining({ msg: 'share failed', retryAfter: 120 }),
    );
    const metrics = await (await fetch(`${h.base}/metrics`)).text();
    expect(metrics).toMatch(
      /querydesk_slack_api_errors_total\{method="chat.postMessage",error="rate_limited"\} 1/,
    );
  });

  it('withSlackRateLimit retries once, and only rate-limit errors', async () => {
    const waits: number[] = [];
    let calls = 0;
    const limited = Object.assign(new Error('limited'), {
      code: 'slack_webapi_rate_limited_error',
      retryAfter: 2,
    });
    const result = await withSlackRateLimit(
      async () => {
        calls++;
        if (calls === 1) throw limited;
        return 'ok';
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([2000]);
    await expect(
      withSlackRateLimit(async () => Promise.reject(new Error('other'))),
    ).rejects.toThrow('other');
  });
});

describe('readiness and metrics', () => {
  it('counts points charged per operation on /metrics', async () => {
    const eph = () => h.double.messages().filter((m) => m.ephemeral);
    const before = eph().length;
    await h.double.sendCommand(h.events, {
      command: '/account',
      text: SANDBOX_EXAMPLES.account.mediaMark,
    });
    await h.double.waitFor(() => eph()[before], 5000);
    const charged = h.bot.sandbox!.ledger().byOperation.accountData?.charged ?? 0;
    expect(charged).toBeGreaterThan(0);
    const text = await (await fetch(`${h.base}/metrics`)).text();
    expect(text).toContain(`querydesk_points_charged_total{operation="accountData"} ${charged}`);
  });

  it('/readyz answers 503 once the store is unreachable', async () => {
    expect((await fetch(`${h.base}/readyz`)).status).toBe(200);
    await h.bot.deps.store.close();
    const res = await fetch(`${h.base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false });
  });
});
