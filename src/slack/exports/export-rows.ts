import type { Coupon } from '../../gateway/operations/coupons.js';
import type { ShopOrder } from '../../gateway/operations/shop-order-record.js';
import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
import { maskPhone, yuan } from '../blocks/format.js';

const time = (d: Date | undefined, zone: string) => (d ? instantToWallClock(d, zone) : '');

/**
 * Yuan text as the gateway sends it ("5", "5.5", "12.345") with exactly two decimals, rounded
 * half up by decimal digits, never through a float; text that is not a number is kept as sent.
 */
export function yuanText(text: string): string {
  const m = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/.exec(text);
  if (!m) return text.trim();
  const frac = (m[3] ?? '').padEnd(3, '0');
  let fen = BigInt(m[2]!) * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) fen += 1n;
  return yuan(Number(m[1] === '-' ? -fen : fen));
}

export const SHOP_ORDER_HEADER = [
  'order_sn',
  'status',
  'goods_name',
  'goods_spec',
  'goods_count',
  'pay_amount_yuan',
  'pre_sale',
  'last_ship_time',
  'confirm_time',
  'remark',
  'remark_tag',
  'remark_tag_name',
  'receiver_name',
  'receiver_phone_masked',
  'province',
  'city',
  'town',
  'address',
] as const;

export function shopOrderCells(o: ShopOrder, zone: string): string[] {
  return [
    o.orderSn,
    o.status,
    o.goodsName,
    o.goodsSpec,
    String(o.goodsCount),
    yuan(o.payAmountFen),
    o.isPreSale ? 'yes' : 'no',
    time(o.lastShipAt, zone),
    time(o.confirmedAt, zone),
    o.remark,
    o.remarkTag === null ? '' : String(o.remarkTag),
    o.remarkTagName ?? '',
    o.receiverName,
    maskPhone(o.receiverPhone),
    o.province,
    o.city,
    o.town,
    o.address,
  ];
}

export const COUPON_HEADER = [
  'claimed_at',
  'name',
  'type',
  'code',
  'discount_yuan',
  'min_spend_yuan',
  'valid_from',
  'valid_to',
  'sid',
  'app_key',
] as const;

export function couponCells(c: Coupon, zone: string): string[] {
  return [
    time(c.claimedAt, zone),
    c.name,
    c.type,
    c.code,
    yuanText(c.moneyText),
    yuanText(c.minUseMoneyText),
    time(c.begins, zone),
    time(c.ends, zone),
    c.sid,
    c.appKey,
  ];
}

/**
 * The header row: the machine column names (stable, documented in docs/usage/exports.md), or with
 * `t` the column titles in that language (the preview's header option). Same columns, same order.
 */
export function csvHeader(kind: 'shopOrders' | 'coupons', t?: Translate): readonly string[] {
  const names = kind === 'coupons' ? COUPON_HEADER : SHOP_ORDER_HEADER;
  return t ? names.map((n) => t(`exports.column.${n}`)) : names;
}
