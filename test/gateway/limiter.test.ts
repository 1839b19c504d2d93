import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../src/gateway/client.js';
import { createLimiter } from '../../src/gateway/limiter.js';
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

describe('per-operation rate limit', () => {
  it('a burst of 100 calls never puts more than 10 starts in any 1-second window at the server', async () => {
    server.arrivals.length = 0;
    const client = createGatewayClient({
      baseUrl: server.url,
      logger: captureLogger('warn').logger,
      timeZone: 'UTC',
    });
    const ctx = { token: 't', workspaceId: 'T1' };

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        client.call('payOrder', { orderNumber: `P${i}`, merchantNum: 'M1', kind: 'platform' }, ctx),
      ),
    );
    await client.close();

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const times = server.arrivals.map((a) => a.at);
    expect(times).toHaveLength(100);
    expect(maxInWindow(times)).toBeLessThanOrEqual(10);
  }, 30_000);

  it('one operation saturated does not hold back another', async () => {
    server.arrivals.length = 0;
    const limiter = createLimiter();
    const t0 = performance.now();
    const busy = Array.from({ length: 30 }, () =>
      limiter.schedule('shopOrders', () => get('/shop')),
    );
    const others = Array.from({ length: 5 }, () =>
      limiter.schedule('coupons', () => get('/coupons')),
    );
    await Promise.all(others);
    const othersDone = performance.now() - t0;
    await Promise.all(busy);
    await limiter.close();

    // 5 coupon calls need 4 spacings (~440 ms); the 30 shop calls need ~3.2 s.
    expect(othersDone).toBeLessThan(1500);
    expect(
      maxInWindow(server.arrivals.filter((a) => a.path === '/shop').map((a) => a.at)),
    ).toBeLessThanOrEqual(10);
  }, 20_000);

  it('two replicas sharing Redis stay within 10 per second together', async () => {
    server.arrivals.length = 0;
    const prefix = `qd-test-${randomUUID()}`;
    const a = createLimiter({ redisUrl: 'redis://127.0.0.1:6379', redisPrefix: prefix });
    const b = createLimiter({ redisUrl: 'redis://127.0.0.1:6379', redisPrefix: prefix });
    const jobs = [a, b].flatMap((l) =>
      Array.from({ length: 15 }, () => l.schedule('payOrder', () => get('/pay'))),
    );
    await Promise.all(jobs);
    await Promise.all([a.close(), b.close()]);

    const times = server.arrivals.map((x) => x.at);
    expect(times).toHaveLength(30);
    expect(maxInWindow(times)).toBeLessThanOrEqual(10);
  }, 30_000);
});
