import { rngFor } from './rng.js';
import { DAY_MS, isoMicros, wallClock } from './wall-time.js';

/** A payment order as the gateway sends it, minus withholding_money (added per answer). */
export type PayOrderWire = Record<string, string | number | null>;

export interface SeededPayOrder {
  merchantNum: string;
  orderNumber: string;
  relationOrderNumber: string;
  /** The document shows both: a one-element array (field table) and an object (sample). */
  asArray: boolean;
  wire: PayOrderWire;
}

export const MERCHANTS = [
  { num: '898310058120001', name: 'Lanting Noodle House' },
  { num: '898310058120002', name: 'Harbour Coffee Roasters' },
  { num: '898310058120003', name: 'Greenleaf Grocery' },
] as const;

/** 4 statuses × 8 payment methods per merchant; status = i % 4, order_type = floor(i / 4) + 1. */
export const ORDERS_PER_MERCHANT = 32;

const CHANNELS = [
  'messaging-app wallet',
  'payment app',
  'search-portal wallet',
  'carrier pay A',
  'carrier pay B',
  'card-network mobile payment',
  'card swipe',
  'second messaging-app wallet',
] as const;

const TITLES = ['Dine-in order', 'Takeaway order', 'Counter payment', 'Member top-up', 'Gift card'];

/** Identifiers depend only on indexes, so documented examples hold for every seed. */
export function payOrderNumbers(m: number, i: number) {
  const check = (i + Math.floor(i / 4)) % 10;
  return {
    orderNumber: `4200${m + 1}2405${String(i).padStart(5, '0')}${check}`,
    relationOrderNumber: `SO${m + 1}-${String(10_000 + i * 7)}`,
  };
}

function transCard(type: number, r: ReturnType<typeof rngFor>): string {
  if (type === 1 || type === 8) return `o${r.hex(6)}_${r.hex(20)}`;
  if (type === 2 || type === 3) return `2088${r.digits(12)}`;
  return `6222****${r.digits(4)}`;
}

export function seedPayOrders(seed: number, anchorDay: number): SeededPayOrder[] {
  return MERCHANTS.flatMap((merchant, m) => {
    const mr = rngFor(seed, 'merchant', merchant.num);
    const terminal = `T${mr.digits(7)}`;
    const cashier = `C${mr.digits(5)}`;
    return Array.from({ length: ORDERS_PER_MERCHANT }, (_, i): SeededPayOrder => {
      const r = rngFor(seed, 'pay-order', merchant.num, i);
      const { orderNumber, relationOrderNumber } = payOrderNumbers(m, i);
      const status = i % 4;
      const type = Math.floor(i / 4) + 1;
      const paid = status === 1 || status === 2;
      const createdMs = anchorDay - r.int(1, 20) * DAY_MS + r.int(8 * 3600, 21 * 3600) * 1000;
      const price = r.int(5, 800) * 100 + r.pick([0, 0, 50, 90]);
      const discount = paid && r.chance(0.3) ? r.int(1, 5) * 100 : 0;
      const promotion =
        discount > 0 && (type === 1 || type === 8)
          ? JSON.stringify([{ promotion_id: r.digits(10), name: 'Store coupon', amount: discount }])
          : '';
      const payappCoupon =
        discount > 0 && type === 2
          ? JSON.stringify([{ name: 'Red packet', amount: discount }])
          : '';
      const createdAt =
        i % 3 === 0 ? isoMicros(createdMs, r.int(0, 999_999)) : wallClock(createdMs);
      const wire: PayOrderWire = {
        merchant_num: merchant.num,
        merchant_name: merchant.name,
        terminal_num: terminal,
        cashier_num: cashier,
        trans_card_num: paid || status === 3 ? transCard(type, r) : '',
        channel_type: CHANNELS[type - 1]!,
        promotion_detail: promotion,
        payapp_coupon_detail: payappCoupon,
        attach: r.chance(0.4) ? `table=${r.int(1, 30)}` : '',
        relation_order_number: relationOrderNumber,
        order_number: orderNumber,
        order_price: price,
        order_realy_price: price - discount,
        order_status: status,
        order_type: type,
        order_notify_url: `https://merchant-${m + 1}.example.com/pay/notify`,
        order_notify_status: paid ? 1 : 0,
        official_order_number: paid ? r.digits(28) : '',
        order_pay_at: paid ? wallClock(createdMs + r.int(5, 180) * 1000) : null,
        created_at: createdAt,
        order_title: r.pick(TITLES),
      };
      return {
        merchantNum: merchant.num,
        orderNumber,
        relationOrderNumber,
        asArray: Number(orderNumber.at(-1)) % 2 === 1,
        wire,
      };
    });
  });
}
