import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, type Sandbox } from '../../src/sandbox/index.js';
import { ORDERS_PER_MERCHANT, payOrderNumbers } from '../../src/sandbox/seed/pay-orders.js';
import { get, PATHS, startTestSandbox } from './http.js';

const ex = SANDBOX_EXAMPLES.payOrder;
let sandbox: Sandbox;
beforeAll(async () => {
  ({ sandbox } = await startTestSandbox());
});
afterAll(() => sandbox.close());

const lookup = (order_number: string, type: string, merchant_num: string = ex.merchantNum) =>
  get(sandbox, PATHS.payOrder, { order_number, merchant_num, type });
const record = (data: unknown) => (Array.isArray(data) ? data[0] : data);

describe('operation 6: payment order', () => {
  it('finds the documented examples by platform number, in each status, free of charge', async () => {
    const statuses = [ex.unpaid, ex.paid, ex.refunded, ex.cancelled];

    const answers = await Promise.all(statuses.map((o) => lookup(o.orderNumber, '2')));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0]);
    const orders = answers.map((a) => record(a.body.data));
    expect(orders.map((o) => o.order_status)).toEqual([0, 1, 2, 3]);
    expect(orders.map((o) => o.withholding_money)).toEqual([0, 0, 0, 0]);
    expect(orders[0].order_pay_at).toBeNull();
    expect(orders[1].order_pay_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(sandbox.ledger().byOperation.payOrder).toMatchObject({ charged: 0, calls: 4 });
  });

  it('finds an order by its merchant-defined number with type 1', async () => {
    const answer = await lookup(ex.paid.relationOrderNumber, '1');

    expect(answer.body.code).toBe(0);
    expect(record(answer.body.data).order_number).toBe(ex.paid.orderNumber);
  });

  it('serves data as an object for even and a one-element array for odd order numbers', async () => {
    const even = await lookup(ex.unpaid.orderNumber, '2');
    const odd = await lookup(ex.paid.orderNumber, '2');

    expect(Array.isArray(even.body.data)).toBe(false);
    expect(Array.isArray(odd.body.data)).toBe(true);
    expect(odd.body.data).toHaveLength(1);
  });

  it('serves created_at in both documented forms', async () => {
    const iso = await lookup(ex.unpaid.orderNumber, '2');
    const wall = await lookup(ex.paid.orderNumber, '2');

    expect(record(iso.body.data).created_at).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
    );
    expect(record(wall.body.data).created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('holds every status and every payment method for one merchant', async () => {
    const numbers = Array.from(
      { length: ORDERS_PER_MERCHANT },
      (_, i) => payOrderNumbers(0, i).orderNumber,
    );

    const orders = (await Promise.all(numbers.map((n) => lookup(n, '2')))).map((a) =>
      record(a.body.data),
    );

    expect(new Set(orders.map((o) => o.order_status))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(orders.map((o) => o.order_type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
  });

  it('answers an unknown order with code 100 and data ""', async () => {
    const answer = await lookup(ex.unknownOrderNumber, '2');

    expect(answer.body).toMatchObject({ code: 100, data: '' });
    expect(answer.body.msg).toMatch(/not found/);
  });

  it('refuses a missing parameter or a bad type with code 100 naming it', async () => {
    const missing = await get(sandbox, PATHS.payOrder, {
      order_number: ex.paid.orderNumber,
      type: '2',
    });
    const badType = await lookup(ex.paid.orderNumber, '3');

    expect(missing.body).toMatchObject({ code: 100, data: '' });
    expect(missing.body.msg).toContain('merchant_num');
    expect(badType.body.code).toBe(100);
    expect(badType.body.msg).toContain('type');
  });
});
