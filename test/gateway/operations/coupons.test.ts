import { describe, expect, it } from 'vitest';
import { coupons } from '../../../src/gateway/operations/coupons.js';
import { ctx, fixtureData, refusal } from './fixture.js';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2024-04-30T16:00:00Z'); // 2024-05-01 00:00 in Asia/Shanghai

describe('coupons parse', () => {
  it('reads coupons with claim time in the gateway zone and epoch-second validity', () => {
    const out = coupons.parse(fixtureData('coupons-total-number.json'), ctx);

    expect(out.total).toBe(2);
    expect(out.charge).toBe(0);
    expect(out.rows[0]).toEqual({
      appKey: 'ak_123',
      sid: 'channel-7',
      claimedAt: new Date('2024-05-01T04:00:00Z'),
      moneyText: '5.5',
      minUseMoneyText: '20',
      name: 'Lunch 5.5 off',
      type: 'WAIMAI_COUPON',
      code: 'C0001',
      begins: new Date('2024-04-30T16:00:00Z'),
      ends: new Date('2024-05-07T15:59:59Z'),
    });
  });

  it('reads a string total and number timestamps into the same result', () => {
    const fromNumber = coupons.parse(fixtureData('coupons-total-number.json'), ctx);

    const fromString = coupons.parse(fixtureData('coupons-total-string.json'), ctx);

    expect(fromString).toEqual(fromNumber);
  });

  it('reads a null dataList as no coupons', () => {
    const out = coupons.parse(fixtureData('coupons-empty.json'), ctx);

    expect(out).toEqual({ total: 0, rows: [], charge: 0 });
  });

  it('reads withholding_money when the gateway does send it', () => {
    const out = coupons.parse({ total: 0, dataList: [], withholding_money: '4' }, ctx);

    expect(out.charge).toBe(4);
  });
});

describe('coupons input', () => {
  it('sends every form field as a string, times in epoch seconds, kind as type 4 or 6', () => {
    const takeout = coupons.input.parse({
      sid: 'channel-7',
      start,
      end: new Date(start.getTime() + 7 * DAY),
    });
    const flash = coupons.input.parse({
      sid: 'channel-7',
      kind: 'flash',
      start,
      end: new Date(start.getTime() + DAY + 999),
      page: 3,
      limit: 1000,
    });

    expect(coupons.toWire(takeout)).toStrictEqual({
      startTime: '1714492800',
      endTime: '1715097600',
      page: '1',
      limit: '100',
      sid: 'channel-7',
      type: '4',
    });
    expect(coupons.toWire(flash)).toMatchObject({
      endTime: '1714579200',
      page: '3',
      limit: '1000',
      type: '6',
    });
  });

  it('refuses a window longer than 7 days, or one that ends before it starts', () => {
    const longer = { sid: 's', start, end: new Date(start.getTime() + 7 * DAY + 1000) };
    const backwards = { sid: 's', start, end: new Date(start.getTime() - 1000) };

    expect(refusal(coupons.input, longer)).toEqual(['the window must not be longer than 7 days']);
    expect(refusal(coupons.input, backwards)).toContain(
      'the end of the window must be after its start',
    );
  });

  it('refuses out-of-range paging, unknown kinds and invalid dates with readable messages', () => {
    const ok = { sid: 's', start, end: new Date(start.getTime() + DAY) };

    expect(refusal(coupons.input, { ...ok, limit: 1001 })).toEqual([
      'page size must be between 1 and 1000',
    ]);
    expect(refusal(coupons.input, { ...ok, page: 0 })).toEqual(['page must be at least 1']);
    expect(refusal(coupons.input, { ...ok, page: 1.5 })).toEqual(['page must be a whole number']);
    expect(refusal(coupons.input, { ...ok, kind: 'pizza' })).toEqual([
      'kind must be takeout or flash',
    ]);
    expect(refusal(coupons.input, { ...ok, start: new Date('nope') })).toEqual([
      'start must be a valid date',
    ]);
    expect(refusal(coupons.input, { ...ok, sid: ' ' })).toEqual(['sid is required']);
  });
});
