import { z } from 'zod';
import type { OperationDef } from '../operation.js';
import { instant, intBetween, requiredText } from './input-rules.js';
import { looseCount, looseList } from './loose-values.js';
import { looseInt, looseText, looseTime } from './schema-helpers.js';

/** The document's maximum claim window for one call. */
export const COUPON_WINDOW_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** takeout → wire type 4, flash (flash purchase) → wire type 6. */
export const CouponKind = z.enum(['takeout', 'flash'], {
  error: 'kind must be takeout or flash',
});
export type CouponKind = z.infer<typeof CouponKind>;

export const CouponsInput = z
  .strictObject({
    sid: requiredText('sid'),
    kind: CouponKind.default('takeout'),
    start: instant('start'),
    end: instant('end'),
    page: intBetween('page', 1).default(1),
    limit: intBetween('page size', 1, 1000).default(100),
  })
  .refine((i) => i.end.getTime() > i.start.getTime(), {
    message: 'the end of the window must be after its start',
    path: ['end'],
  })
  .refine((i) => i.end.getTime() - i.start.getTime() <= COUPON_WINDOW_MAX_MS, {
    message: 'the window must not be longer than 7 days',
    path: ['end'],
  });
export type CouponsInput = z.infer<typeof CouponsInput>;

export interface Coupon {
  appKey: string;
  sid: string;
  claimedAt?: Date;
  /** Discount in yuan, exactly as sent. */
  moneyText: string;
  /** Minimum spend in yuan, exactly as sent. */
  minUseMoneyText: string;
  name: string;
  /** Delivery coupons are WAIMAI_COUPON. */
  type: string;
  code: string;
  begins?: Date;
  ends?: Date;
}

export interface CouponPage {
  total: number;
  rows: Coupon[];
  charge: number;
}

function couponRecord(zone: string) {
  return z
    .looseObject({
      appKey: looseText,
      sid: looseText,
      couponTime: looseTime(zone),
      money: looseText,
      minUseMoney: looseText,
      couponName: looseText,
      couponType: looseText,
      couponCode: looseText,
      beginTime: looseTime(zone),
      endTime: looseTime(zone),
    })
    .transform(
      (c): Coupon => ({
        appKey: c.appKey,
        sid: c.sid,
        claimedAt: c.couponTime,
        moneyText: c.money,
        minUseMoneyText: c.minUseMoney,
        name: c.couponName,
        type: c.couponType,
        code: c.couponCode,
        begins: c.beginTime,
        ends: c.endTime,
      }),
    );
}

function couponPage(zone: string) {
  return z
    .looseObject({
      // Typed string in the field table, a number in the response sample.
      total: looseCount,
      dataList: looseList(couponRecord(zone)),
      // Not documented for this operation; read when present.
      withholding_money: looseInt.catch(0),
    })
    .transform(
      (p): CouponPage => ({
        total: p.total ?? p.dataList.length,
        rows: p.dataList,
        charge: p.withholding_money,
      }),
    );
}

const epochSeconds = (d: Date) => String(Math.floor(d.getTime() / 1000));

export const coupons = {
  name: 'coupons',
  number: 4,
  title: 'Query coupon claim results',
  method: 'POST',
  path: '/papi/tool/waimai/partner_couponList',
  encoding: 'form',
  paid: true,
  input: CouponsInput,
  toWire: (i) => ({
    startTime: epochSeconds(i.start),
    endTime: epochSeconds(i.end),
    page: String(i.page),
    limit: String(i.limit),
    sid: i.sid,
    type: i.kind === 'takeout' ? '4' : '6',
  }),
  parse: (data, ctx) => couponPage(ctx.timeZone).parse(data),
} satisfies OperationDef<CouponsInput, CouponPage>;
