import { describe, expect, it } from 'vitest';
import { yuanFromText } from '../../../src/gateway/operations/loose-values.js';
import { shopOrders } from '../../../src/gateway/operations/shop-orders.js';
import { ctx, fixtureData, refusal } from './fixture.js';

describe('shopOrders parse', () => {
  it('reads the sample form: booleans, epoch-millisecond times, decimal amounts', () => {
    const out = shopOrders.parse(fixtureData('shop-orders-sample.json'), ctx);

    expect(out).toMatchObject({ page: 0, pageSize: 100, total: 2, charge: 3 });
    expect(out.orders[0]).toEqual({
      orderSn: '240501-123456789012345',
      goodsName: 'Green tea 250g',
      goodsImg: 'https://img.example.test/g1.jpg',
      goodsSpec: '250g tin',
      goodsCount: 2,
      payAmountText: '12.50',
      payAmountFen: 1250,
      status: '1',
      isPreSale: false,
      lastShipAt: new Date('2024-05-03T08:00:00Z'),
      confirmedAt: new Date('2024-05-01T04:00:00Z'),
      remark: 'gift wrap',
      remarkTag: 1,
      remarkTagName: 'red',
      receiverName: 'Z**',
      receiverPhone: '138****0000',
      province: 'Zhejiang',
      city: 'Hangzhou',
      town: 'Xihu',
      address: 'No. 1 ***',
    });
    expect(out.orders[1]).toMatchObject({
      payAmountText: '99.99',
      payAmountFen: 9999,
      isPreSale: true,
      remarkTag: null,
      remarkTagName: null,
    });
  });

  it('reads the table form (strings, wall-clock times, snake_case paging, address) the same way', () => {
    const sample = shopOrders.parse(fixtureData('shop-orders-sample.json'), ctx);

    const table = shopOrders.parse(fixtureData('shop-orders-table.json'), ctx);

    expect(table).toEqual(sample);
  });

  it('reads a page without content as no orders but keeps the total', () => {
    const out = shopOrders.parse(fixtureData('shop-orders-empty.json'), ctx);

    expect(out).toEqual({ orders: [], page: 3, pageSize: 100, total: 250, charge: 3 });
  });

  it('converts yuan text to fen digit by digit, never through floats', () => {
    expect(yuanFromText('12.5')).toEqual({ text: '12.50', fen: 1250 });
    expect(yuanFromText('0.1')).toEqual({ text: '0.10', fen: 10 });
    expect(yuanFromText('1.005')).toEqual({ text: '1.01', fen: 101 });
    expect(yuanFromText('19.994')).toEqual({ text: '19.99', fen: 1999 });
    expect(yuanFromText('7')).toEqual({ text: '7.00', fen: 700 });
    expect(yuanFromText('-3.2')).toEqual({ text: '-3.20', fen: -320 });
    expect(yuanFromText('12,50')).toBeUndefined();
  });

  it('refuses an order whose amount cannot be read', () => {
    expect(() =>
      shopOrders.parse({ content: [{ order_sn: 'x', pay_amount: 'abc' }] }, ctx),
    ).toThrow(/unreadable amount/);
  });
});

describe('shopOrders input', () => {
  it('defaults to the enhanced edition, gateway page 0 and 100 rows, all as form strings', () => {
    const input = shopOrders.input.parse({ ownerId: ' shop-9 ' });

    expect(shopOrders.toWire(input)).toStrictEqual({
      owner_id: 'shop-9',
      vvtype: '1',
      page: '0',
      pageSize: '100',
    });
  });

  it('sends every enhanced filter under its wire name', () => {
    const input = shopOrders.input.parse({
      ownerId: 'shop-9',
      page: 2,
      pageSize: 20,
      start: '2024-05-01 00:00:00',
      end: '2024-05-07 23:59:59',
      remark: 'gift',
      remarkTag: 5,
      remarkTagName: 'red',
    });

    expect(shopOrders.toWire(input)).toStrictEqual({
      owner_id: 'shop-9',
      vvtype: '1',
      page: '2',
      pageSize: '20',
      start_time: '2024-05-01 00:00:00',
      end_time: '2024-05-07 23:59:59',
      remark: 'gift',
      remarkTag: '5',
      remarkTagName: 'red',
    });
  });

  it('sends vvtype 2 for the ordinary edition', () => {
    const input = shopOrders.input.parse({ ownerId: 'shop-9', edition: 'ordinary' });

    expect(shopOrders.toWire(input)).toMatchObject({ vvtype: '2' });
  });

  it('refuses each broken rule with a readable message', () => {
    const base = { ownerId: 'shop-9' };

    expect(refusal(shopOrders.input, { ...base, edition: 'ordinary', remark: 'gift' })).toEqual([
      'time and remark filters work only with the enhanced edition',
    ]);
    expect(refusal(shopOrders.input, { ...base, pageSize: 101 })).toEqual([
      'page size must be between 1 and 100',
    ]);
    expect(refusal(shopOrders.input, { ...base, page: -1 })).toEqual(['page must be at least 0']);
    expect(refusal(shopOrders.input, { ...base, remarkTag: 6 })).toEqual([
      'remark tag must be between 1 and 5',
    ]);
    expect(refusal(shopOrders.input, { ...base, edition: 'deluxe' })).toEqual([
      'edition must be enhanced or ordinary',
    ]);
    expect(
      refusal(shopOrders.input, {
        ...base,
        start: '2024-05-07 00:00:00',
        end: '2024-05-01 00:00:00',
      }),
    ).toEqual(['the end time must be after the start time']);
    expect(refusal(shopOrders.input, { ownerId: '' })).toEqual(['owner id is required']);
  });
});
