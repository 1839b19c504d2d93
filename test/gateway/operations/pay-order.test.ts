import { describe, expect, it } from 'vitest';
import { payOrder } from '../../../src/gateway/operations/pay-order.js';
import { ctx, fixtureData, refusal } from './fixture.js';

describe('payOrder parse', () => {
  it('reads the sample object form with fen as integers and the ISO microsecond created_at', () => {
    const out = payOrder.parse(fixtureData('pay-order-object.json'), ctx);

    expect(out).toMatchObject({
      orderNumber: 'P202405010000001',
      relationOrderNumber: 'MER-20240501-0001',
      orderPriceFen: 1250,
      paidFen: 1150,
      status: 1,
      orderType: 1,
      notified: true,
      title: 'Latte x2',
      charge: 0,
    });
    expect(Number.isInteger(out.orderPriceFen) && Number.isInteger(out.paidFen)).toBe(true);
    expect(out.createdAt).toEqual(new Date('2024-05-01T04:00:00Z'));
    expect(out.paidAt).toEqual(new Date('2024-05-01T04:00:05Z'));
  });

  it('reads the documented one-element array with a wall-clock created_at the same way', () => {
    const fromObject = payOrder.parse(fixtureData('pay-order-object.json'), ctx);

    const fromArray = payOrder.parse(fixtureData('pay-order-array.json'), ctx);

    expect(fromArray).toEqual(fromObject);
  });

  it('reads an unpaid order whose order_pay_at is null', () => {
    const out = payOrder.parse(fixtureData('pay-order-unpaid.json'), ctx);

    expect(out.status).toBe(0);
    expect(out.paidAt).toBeUndefined();
    expect(out.paidFen).toBe(0);
    expect(out.notified).toBe(false);
  });

  it('refuses an array of several orders instead of picking one', () => {
    expect(() => payOrder.parse(fixtureData('pay-order-multiple.json'), ctx)).toThrow(
      /expected one payment order/,
    );
    expect(() => payOrder.parse([], ctx)).toThrow(/expected one payment order/);
  });

  it('tolerates undocumented extra fields and missing text fields', () => {
    const out = payOrder.parse(
      { order_price: '300', order_realy_price: 300, order_status: '2', surprise: { a: 1 } },
      ctx,
    );

    expect(out).toMatchObject({ orderPriceFen: 300, status: 2, attach: '', title: '' });
    expect(out).not.toHaveProperty('surprise');
    expect(out.createdAt).toBeUndefined();
  });
});

describe('payOrder input', () => {
  it('sends type 1 for a merchant-defined number and 2 for a platform number', () => {
    const merchant = payOrder.input.parse({
      orderNumber: ' MER-1 ',
      merchantNum: 'M1',
      kind: 'merchant',
    });
    const platform = payOrder.input.parse({
      orderNumber: 'P1',
      merchantNum: 'M1',
      kind: 'platform',
    });

    expect(payOrder.toWire(merchant)).toStrictEqual({
      order_number: 'MER-1',
      merchant_num: 'M1',
      type: '1',
    });
    expect(payOrder.toWire(platform)).toStrictEqual({
      order_number: 'P1',
      merchant_num: 'M1',
      type: '2',
    });
  });

  it('refuses a blank order or merchant number with a readable message', () => {
    expect(
      refusal(payOrder.input, { orderNumber: '', merchantNum: 'M1', kind: 'platform' }),
    ).toEqual(['order number is required']);
    expect(
      refusal(payOrder.input, { orderNumber: 'P1', merchantNum: ' ', kind: 'platform' }),
    ).toEqual(['merchant number is required']);
  });
});
