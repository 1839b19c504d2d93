import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { get, PATHS, postForm, postJson, startTestSandbox } from './http.js';

let open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

/** One answer from every data-serving operation, envelope timing left out. */
async function snapshot(seed: number) {
  const { sandbox } = await startTestSandbox({ seed });
  open.push(sandbox);
  const ex = SANDBOX_EXAMPLES;
  const answers = [
    await get(sandbox, PATHS.payOrder, {
      order_number: ex.payOrder.refunded.orderNumber,
      merchant_num: ex.payOrder.merchantNum,
      type: '2',
    }),
    await postForm(sandbox, PATHS.shopOrders, { owner_id: ex.shopOrders.ownerId, page: '3' }),
    await postForm(sandbox, PATHS.coupons, {
      startTime: String(Date.UTC(2024, 3, 20) / 1000),
      endTime: String(Date.UTC(2024, 3, 27) / 1000),
      page: '1',
      limit: '50',
      sid: ex.coupons.sid,
      type: '4',
    }),
    await postJson(sandbox, PATHS.punishments, { platform_user_id: ex.punishments.platformUserId }),
    await get(sandbox, PATHS.accountData, { media_mark: ex.account.mediaMark }),
    await get(sandbox, PATHS.qrCreate, { media_mark: ex.account.mediaMark }),
  ];
  return answers.map((a) => ({ code: a.body.code, data: a.body.data }));
}

describe('seeded data', () => {
  it('is identical for the same seed and differs for another seed', async () => {
    const a = await snapshot(42);
    const b = await snapshot(42);
    const c = await snapshot(43);

    expect(a.map((x) => x.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('keeps the documented example identifiers valid for any seed', async () => {
    const [order, shop, , punish, account] = await snapshot(7);

    expect(order?.code).toBe(0);
    expect(shop?.data.totalElements).toBe(SANDBOX_EXAMPLES.shopOrders.orderCount);
    expect(punish?.code).toBe(0);
    expect(account?.data.phone).toBe(SANDBOX_EXAMPLES.account.phone);
  });
});
