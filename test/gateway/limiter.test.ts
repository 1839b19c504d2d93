import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../src/gateway/client.js';
import { createLimiter, type QueuedInfo } from '../../src/gateway/limiter.js';
import { startArrivalProcess } from '../fakes/arrival-process.js';
import { maxInWindow, startArrivalServer } from '../fakes/arrival-server.js';
import { captureLogger } from '../fakes/log-capture.js';

const ORDER = {
  code: 0,
  msg: 'ok',
  data: {
    order_number: 'P1',
    order_price: 100,
    order_realy_price: 100,
    order_status: 1,
    withholding_money: 0,
  },
};
const pay = (i: number) => ({ orderNumber: `P${i}`, merchantNum: 'M1', kind: 'platform' as const });

let server: Awaited<ReturnType<typeof startArrivalServer>>;
beforeAll(async () => {
  server = await startArrivalServer(() => ORDER);
});
afterAll(async () => {
  await server.close();
});

const get = async (path: string) => {
  const res = await request(`${server.url}${path}`);
  await res.body.dump();
};

/** Blocks the event loop, as a heavy synchronous task (a chart render, a GC pause) would. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('per-operation rate limit', () => {
  it('a burst of 100 calls never puts more than 10 starts in any 1-second window at the server', async () => {
    // The server in its own process: its clock is the gateway's, not the bot's.
    const gw = await startArrivalProcess();
    const client = createGatewayClient({
      baseUrl: gw.url,
      logger: captureLogger('warn').logger,
      timeZone: 'UTC',
    });
    const ctx = { token: 't', workspaceId: 'T1' };

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => client.call('payOrder', pay(i), ctx)),
    );
    await client.close();
    const arrivals = await gw.take();
    await gw.close();

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const times = arrivals.map((a) => a.at);
    expect(times).toHaveLength(100);
    expect(maxInWindow(times)).toBeLessThanOrEqual(10);
  }, 30_000);

  it('one operation saturated does not hold back another', async () => {
    server.arrivals.length = 0;
    const limiter = createLimiter();
    const order: string[] = [];
    const busy = Array.from({ length: 30 }, () =>
      limiter.schedule({ op: 'shopOrders', token: 't' }, () =>
        get('/shop').then(() => order.push('shop')),
      ),
    );
    const others = Array.from({ length: 5 }, () =>
      limiter.schedule({ op: 'coupons', token: 't' }, () =>
        get('/coupons').then(() => order.push('coupons')),
      ),
    );
    await Promise.all(others);
    await Promise.all(busy);
    await limiter.close();

    // The 5 coupon calls all finish while the first window of shop calls is still going.
    expect(order.lastIndexOf('coupons')).toBeLessThan(15);
    expect(
      maxInWindow(server.arrivals.filter((a) => a.path === '/shop').map((a) => a.at)),
    ).toBeLessThanOrEqual(10);
  }, 20_000);

  it('each gateway token has its own budget; one token never gets more than 10 a second', async () => {
    const gw = await startArrivalProcess();
    const client = createGatewayClient({
      baseUrl: gw.url,
      logger: captureLogger('warn').logger,
      timeZone: 'UTC',
    });
    const calls = ['token-a', 'token-b'].flatMap((token) =>
      Array.from({ length: 20 }, (_, i) =>
        client.call('payOrder', pay(i), { token, workspaceId: token }),
      ),
    );
    await Promise.all(calls);
    await client.close();
    const arrivals = await gw.take();
    await gw.close();

    const of = (t: string) => arrivals.filter((a) => a.token === `Bearer ${t}`).map((a) => a.at);
    expect(of('token-a')).toHaveLength(20);
    expect(maxInWindow(of('token-a'))).toBeLessThanOrEqual(10);
    expect(maxInWindow(of('token-b'))).toBeLessThanOrEqual(10);
    // Both tokens are served side by side, not one after the other.
    expect(maxInWindow(arrivals.map((a) => a.at))).toBeGreaterThan(10);
  }, 30_000);

  it('holds at the gateway clock through event-loop stalls and a new connection per request', async () => {
    const gw = await startArrivalProcess({ close: true });
    const client = createGatewayClient({
      baseUrl: gw.url,
      logger: captureLogger('warn').logger,
      timeZone: 'UTC',
    });
    const ctx = { token: 't', workspaceId: 'T1' };
    // Stalls of 300 ms to 1.3 s while requests are between being started and being written.
    const stalls = [250, 900, 1700, 2600].map((at, i) =>
      setTimeout(() => stall(300 + i * 330), at),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => client.call('payOrder', pay(i), ctx)),
    );
    for (const s of stalls) clearTimeout(s);
    await client.close();
    const arrivals = await gw.take();
    await gw.close();

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(60);
    expect(arrivals).toHaveLength(60);
    expect(maxInWindow(arrivals.map((a) => a.at))).toBeLessThanOrEqual(10);
  }, 40_000);
});

describe('the queue', () => {
  it('people go first, background work still gets its turns, never more than half while people wait', async () => {
    const limiter = createLimiter();
    const started: { kind: string; at: number }[] = [];
    const job = (kind: string) => async (sent: () => void) => {
      started.push({ kind, at: performance.now() });
      sent();
    };
    const background = Array.from({ length: 20 }, () =>
      limiter.schedule({ op: 'qrStatus', token: 't', priority: 'background' }, job('bg')),
    );
    const people = Array.from({ length: 20 }, () =>
      limiter.schedule({ op: 'qrStatus', token: 't' }, job('person')),
    );
    await new Promise((r) => setTimeout(r, 50));
    const depth = limiter.depth('qrStatus');
    await Promise.all([...background, ...people]);
    await limiter.close();

    expect(depth.interactive + depth.background).toBe(depth.queued);
    expect(depth.interactive).toBeGreaterThan(0);
    const whilePeopleWait = started.slice(0, started.map((s) => s.kind).lastIndexOf('person') + 1);
    const bgBeforeLastPerson = whilePeopleWait.filter((s) => s.kind === 'bg');
    // Not starved: some background checks ran before the last person was served …
    expect(bgBeforeLastPerson.length).toBeGreaterThan(0);
    // … but never more than half of any window while people were waiting.
    expect(maxInWindow(bgBeforeLastPerson.map((s) => s.at))).toBeLessThanOrEqual(5);
    expect(whilePeopleWait.length - bgBeforeLastPerson.length).toBe(20);
  }, 20_000);

  it('tells a waiting request how many are ahead and about how long it will wait', async () => {
    const limiter = createLimiter();
    const told: QueuedInfo[] = [];
    const jobs = Array.from({ length: 40 }, (_, i) =>
      limiter.schedule(
        { op: 'payOrder', token: 't', onQueued: i === 35 ? (q) => told.push(q) : undefined },
        async (sent) => sent(),
      ),
    );
    await Promise.all(jobs);
    await limiter.close();
    // 35 ahead at 10 per 1000-ms window.
    expect(told).toEqual([{ ahead: 35, etaMs: 3500 }]);
  }, 20_000);
});
