import { type Rng, rngFor } from './rng.js';
import { wallClock } from './wall-time.js';

export type ShopOrderWire = Record<string, string | number | boolean | null>;

export interface SeededShopOrder {
  /** epoch ms; what start_time / end_time filter on */
  confirmMs: number;
  remark: string;
  remarkTag: number | null;
  remarkTagName: string | null;
  wire: ShopOrderWire;
}

export const SHOPS = [
  { ownerId: '2201000250', orders: 250 },
  { ownerId: '2201000037', orders: 37 },
] as const;

const TAG_NAMES = ['red', 'yellow', 'green', 'blue', 'purple'] as const;
const GOODS = [
  ['Oolong tea gift box 250g', 'Tin / 250g'],
  ['Hand-pulled noodles, family pack', '6 servings'],
  ['Ceramic pour-over set', 'White / 4 pieces'],
  ['Bamboo cutting board', 'Large 40x28cm'],
  ['Silk scarf', 'Indigo / 90x90'],
  ['Rice cooker 3L', 'Grey'],
] as const;
const PLACES = [
  ['浙江省', '杭州市', '西湖区'],
  ['广东省', '深圳市', '南山区'],
  ['四川省', '成都市', '武侯区'],
  ['上海市', '上海市', '浦东新区'],
  ['北京市', '北京市', '朝阳区'],
] as const;
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵'] as const;
const REMARKS = ['', '', '', 'gift wrap please', 'call before delivery', 'leave at front desk'];

/** The document and its samples disagree on many field types; the sandbox serves every form. */
function awkward(i: number, r: Rng, confirmMs: number, lastShipMs: number) {
  const asString = i % 4 >= 2;
  const time = (ms: number) => (i % 3 === 0 ? ms : i % 3 === 1 ? String(ms) : wallClock(ms));
  const count = r.int(1, 4);
  const amount = (r.int(990, 39_900) * count) / 100;
  const status = r.pick([1, 2, 3, 3, 3, 4]);
  const presale = r.chance(0.15);
  return {
    is_pre_sale: i % 2 === 0 ? presale : String(presale),
    last_ship_time: time(lastShipMs),
    confirm_time: time(confirmMs),
    goods_count: asString ? String(count) : count,
    pay_amount: asString ? amount.toFixed(2) : amount,
    order_status: asString ? String(status) : status,
  };
}

function shopOrder(seed: number, ownerId: string, i: number, anchorDay: number): SeededShopOrder {
  const r = rngFor(seed, 'shop-order', ownerId, i);
  const confirmMs = anchorDay - i * 2 * 3600_000 - r.int(0, 3599) * 1000;
  return orderAt(r, i, confirmMs);
}

/**
 * A new order of a live shop, confirmed at `confirmMs` (the `n`-th since the sandbox started):
 * drawn like the seeded history, from its own random stream.
 */
export function liveShopOrder(
  seed: number,
  ownerId: string,
  n: number,
  confirmMs: number,
): SeededShopOrder {
  return orderAt(rngFor(seed, 'live-shop-order', ownerId, n), n, confirmMs);
}

function orderAt(r: Rng, i: number, confirmMs: number): SeededShopOrder {
  const lastShipMs = confirmMs + r.int(1, 3) * 86_400_000;
  const tag = r.chance(0.35) ? null : r.int(1, 5);
  const tagName = tag === null ? null : TAG_NAMES[tag - 1]!;
  const remark = r.pick(REMARKS);
  const [goodsName, goodsSpec] = r.pick(GOODS);
  const [province, city, town] = r.pick(PLACES);
  const base = { confirmMs, remark, remarkTag: tag, remarkTagName: tagName };
  const wire: ShopOrderWire = {
    receiver_name: `${r.pick(SURNAMES)}*`,
    receiver_phone: `1${r.int(30, 89)}****${r.digits(4)}`,
    province,
    city,
    town,
    [i % 5 === 0 ? 'address' : 'receiver_address']: `${r.int(1, 300)}号${r.int(1, 30)}栋***`,
    order_sn: `${wallClock(confirmMs).slice(2, 10).replaceAll('-', '')}-${r.digits(15)}`,
    goods_name: goodsName,
    goods_img: `https://img.sandbox.querydesk.invalid/goods/${r.hex(12)}.jpg`,
    goods_spec: goodsSpec,
    ...awkward(i, r, confirmMs, lastShipMs),
    remark,
    remark_tag: tag === null ? null : String(tag),
    remark_tag_name: tagName,
  };
  return { ...base, wire };
}

/** Orders of each extra shop (`extraShopOwnerIds`): a short history, enough to list. */
const EXTRA_SHOP_ORDERS = 3;

/** Newest first, about two hours apart, ending at the anchor day's start. */
export function seedShopOrders(
  seed: number,
  anchorDay: number,
  extraOwnerIds: readonly string[] = [],
): Map<string, SeededShopOrder[]> {
  const extra = extraOwnerIds.map((ownerId) => ({ ownerId, orders: EXTRA_SHOP_ORDERS }));
  return new Map(
    [...SHOPS, ...extra].map((shop) => [
      shop.ownerId,
      Array.from({ length: shop.orders }, (_, i) => shopOrder(seed, shop.ownerId, i, anchorDay)),
    ]),
  );
}
