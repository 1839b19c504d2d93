import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedWindow } from '../../src/gateway/shared-window.js';

const SHARED = 'redis://127.0.0.1:6379';
let redis: Redis | undefined;
afterEach(async () => {
  redis?.disconnect();
  redis = undefined;
});

describe('the shared Redis window', () => {
  it('never lets a key expire before an admitted send stops counting', async () => {
    redis = new Redis(SHARED);
    const prefix = `qd-test-${randomUUID()}`;
    const windowMs = 1000;
    const leaseMs = 20_000;
    const w = new SharedWindow({ redis, prefix, windowMs, leaseMs });
    // A: admitted, still on its way out (counts for window + lease). B: admitted and confirmed.
    expect(await w.tryAdmit('tok:payOrder', 'A', 10, false, 5)).toEqual({ ok: true });
    expect(await w.tryAdmit('tok:payOrder', 'B', 10, true, 5)).toEqual({ ok: true });
    await w.confirm('tok:payOrder', 'B', true);
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.sort()).toEqual([
      `${prefix}:rate:{tok:payOrder}:all`,
      `${prefix}:rate:{tok:payOrder}:bg`,
    ]);
    const all = `${prefix}:rate:{tok:payOrder}:all`;
    const aScore = Number(await redis.zscore(all, 'A'));
    const ttl = await redis.pttl(all);
    const [sec, micro] = await redis.time();
    const now = Number(sec) * 1000 + Math.floor(Number(micro) / 1000);
    // A still counts until its score; the key must live at least that long.
    expect(aScore - now).toBeGreaterThan(leaseMs);
    expect(ttl).toBeGreaterThanOrEqual(aScore - now);
    await redis.del(...keys);
  });
});
