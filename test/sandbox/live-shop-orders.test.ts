import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { PATHS, postForm, startTestSandbox, T0 } from './http.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

/** Orders confirmed from `from` (Shanghai wall clock), as a subscription's poll asks. */
const since = (sandbox: Parameters<typeof postForm>[0], from: string) =>
  postForm(sandbox, PATHS.shopOrders, { owner_id: SHOP, start_time: from, pageSize: '100' });

describe('new shop orders in the sandbox', () => {
  it('appear over time with shopOrderEveryMs, one per interval, each once', async () => {
    const { sandbox, clock } = await startTestSandbox({ shopOrderEveryMs: 60_000 });
    closers.push(() => sandbox.close());
    // T0 is 2024-05-01 12:00 in Shanghai.
    expect((await since(sandbox, '2024-05-01 12:00:00')).body.data.totalElements).toBe(0);

    clock.now = T0 + 150_000;
    const after = await since(sandbox, '2024-05-01 12:00:00');
    expect(after.body.data.totalElements).toBe(2);
    expect(new Set(after.body.data.content.map((o: { order_sn: string }) => o.order_sn)).size).toBe(
      2,
    );
    // The whole listing grew by those two, on top of the 250 seeded.
    const all = await postForm(sandbox, PATHS.shopOrders, { owner_id: SHOP });
    expect(all.body.data.totalElements).toBe(252);
    // The same clock gives the same answer.
    expect((await since(sandbox, '2024-05-01 12:00:00')).body.data).toEqual(after.body.data);
  });

  it('appear on demand with addShopOrders, and never by themselves without shopOrderEveryMs', async () => {
    const { sandbox, clock } = await startTestSandbox();
    closers.push(() => sandbox.close());
    clock.now = T0 + 3_600_000;
    expect((await since(sandbox, '2024-05-01 12:00:00')).body.data.totalElements).toBe(0);

    expect(sandbox.addShopOrders(SHOP, 3)).toBe(true);
    expect(sandbox.addShopOrders('not-a-shop', 1)).toBe(false);

    expect((await since(sandbox, '2024-05-01 12:00:00')).body.data.totalElements).toBe(3);
    expect((await since(sandbox, '2024-05-01 13:00:01')).body.data.totalElements).toBe(0);
  });
});

describe('extra shops (extraShopOwnerIds)', () => {
  it('are listed like seeded ones, each with its own new orders, while an unlisted id stays 302', async () => {
    const { sandbox, clock } = await startTestSandbox({
      extraShopOwnerIds: ['2201900000', '2201900001'],
    });
    closers.push(() => sandbox.close());
    const list = (owner_id: string) => postForm(sandbox, PATHS.shopOrders, { owner_id });
    expect((await list('2201900000')).body.data.totalElements).toBe(3);
    expect((await list('2201900002')).body.code).toBe(302);
    clock.now = T0 + 1_000;
    expect(sandbox.addShopOrders('2201900001', 1)).toBe(true);
    expect((await list('2201900001')).body.data.totalElements).toBe(4);
    expect((await list('2201900000')).body.data.totalElements).toBe(3);
  });
});
