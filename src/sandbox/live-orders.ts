import { MERCHANTS } from './seed/pay-orders.js';
import { wallClock } from './seed/wall-time.js';

/** What a person can do to a live order from the console (or a test). */
export const ORDER_MOVES = ['pay', 'callback', 'refund', 'cancel'] as const;
export type OrderMove = (typeof ORDER_MOVES)[number];

/** How a live order moves by itself, counted from the first time it is looked up. */
export type LiveTimeline = 'late-callback' | 'never-called-back' | 'waits';

export interface LiveOrderView {
  orderNumber: string;
  relationOrderNumber: string;
  merchantNum: string;
  timeline: LiveTimeline;
  /** 0 unpaid, 1 paid, 2 refunded, 3 cancelled. */
  status: number;
  notified: boolean;
  firstSeenAt?: number;
  paidAt?: number;
  notifiedAt?: number;
}

interface LiveOrder {
  orderNumber: string;
  relationOrderNumber: string;
  timeline: LiveTimeline;
  price: number;
  createdAt: number;
  firstSeenAt?: number;
  /** Moves made on demand; they win over the timeline. */
  paidAt?: number;
  notifiedAt?: number;
  endedAt?: number;
  ended?: 2 | 3;
}

export interface LiveOrders {
  /** The order's wire record now, or undefined when the numbers name no live order. */
  answer(
    merchantNum: string,
    type: '1' | '2',
    number: string,
    now: number,
  ): Record<string, unknown> | undefined;
  move(orderNumber: string, move: OrderMove, now: number): boolean;
  list(now: number): LiveOrderView[];
}

const MERCHANT = MERCHANTS[0];

/** Numbers outside the seeded history's pattern, the same for every seed. */
export const LIVE_ORDERS = [
  { orderNumber: '420019900000011', relationOrderNumber: 'SO1-LIVE-1', timeline: 'late-callback' },
  {
    orderNumber: '420019900000022',
    relationOrderNumber: 'SO1-LIVE-2',
    timeline: 'never-called-back',
  },
  { orderNumber: '420019900000033', relationOrderNumber: 'SO1-LIVE-3', timeline: 'waits' },
] as const;

/** The `k`-th extra order that moves only on demand (SandboxOptions.extraWaitingOrders). */
export const extraWaitingOrder = (k: number) => `42001991${String(k).padStart(7, '0')}`;

/**
 * Orders that move while someone watches them: each is unpaid when first looked up; the
 * "late-callback" one is paid `payAfterMs` later and called back `callbackAfterMs` after that,
 * the "never-called-back" one is paid and never called back, the "waits" one moves only on
 * demand. Time-driven and deterministic: the same clock readings give the same answers.
 */
export function createLiveOrders(opts: {
  payAfterMs: number;
  callbackAfterMs: number;
  now: number;
  /** More orders that move only on demand, numbered after LIVE_ORDERS. */
  extraWaiting?: number;
}): LiveOrders {
  const extra = Array.from({ length: opts.extraWaiting ?? 0 }, (_, k) => ({
    orderNumber: extraWaitingOrder(k),
    relationOrderNumber: `SO1-LIVE-W${k}`,
    timeline: 'waits' as const,
  }));
  const orders = [...LIVE_ORDERS, ...extra].map(
    (o, i): LiveOrder => ({ ...o, price: 1280 + i * 1000, createdAt: opts.now }),
  );
  const find = (n: string) => orders.find((o) => o.orderNumber === n);

  function paidAt(o: LiveOrder, now: number): number | undefined {
    const auto =
      o.timeline !== 'waits' && o.firstSeenAt !== undefined
        ? o.firstSeenAt + opts.payAfterMs
        : undefined;
    const at = o.paidAt ?? (o.ended === 3 ? undefined : auto);
    return at !== undefined && at <= now ? at : undefined;
  }

  function notifiedAt(o: LiveOrder, now: number): number | undefined {
    const paid = paidAt(o, now);
    if (paid === undefined) return undefined;
    const auto = o.timeline === 'late-callback' ? paid + opts.callbackAfterMs : undefined;
    const at = o.notifiedAt ?? auto;
    return at !== undefined && at <= now ? at : undefined;
  }

  function view(o: LiveOrder, now: number): LiveOrderView {
    const paid = paidAt(o, now);
    const notified = notifiedAt(o, now);
    const ended = o.endedAt !== undefined && o.endedAt <= now ? o.ended : undefined;
    return {
      orderNumber: o.orderNumber,
      relationOrderNumber: o.relationOrderNumber,
      merchantNum: MERCHANT.num,
      timeline: o.timeline,
      status: ended ?? (paid !== undefined ? 1 : 0),
      notified: notified !== undefined,
      firstSeenAt: o.firstSeenAt,
      paidAt: paid,
      notifiedAt: notified,
    };
  }

  return {
    answer(merchantNum, type, number, now) {
      if (merchantNum !== MERCHANT.num) return undefined;
      const o = orders.find(
        (x) => (type === '1' ? x.relationOrderNumber : x.orderNumber) === number,
      );
      if (!o) return undefined;
      o.firstSeenAt ??= now;
      const v = view(o, now);
      return {
        merchant_num: MERCHANT.num,
        merchant_name: MERCHANT.name,
        terminal_num: 'T0000001',
        cashier_num: 'C00001',
        trans_card_num: v.paidAt !== undefined ? 'o4F2kq_live0000000000000000' : '',
        channel_type: 'messaging-app wallet',
        promotion_detail: '',
        payapp_coupon_detail: '',
        attach: '',
        relation_order_number: o.relationOrderNumber,
        order_number: o.orderNumber,
        order_price: o.price,
        order_realy_price: o.price,
        order_status: v.status,
        order_type: 1,
        order_notify_url: 'https://merchant-1.example.com/pay/notify',
        order_notify_status: v.notified ? 1 : 0,
        official_order_number: v.paidAt !== undefined ? `4200000000${o.orderNumber}` : '',
        order_pay_at: v.paidAt !== undefined ? wallClock(v.paidAt) : null,
        created_at: wallClock(o.createdAt),
        order_title: 'Counter payment (live)',
      };
    },
    move(orderNumber, move, now) {
      const o = find(orderNumber);
      if (!o) return false;
      const v = view(o, now);
      if (move === 'pay' && v.status === 0) o.paidAt = now;
      else if (move === 'callback' && v.status === 1 && !v.notified) {
        o.paidAt ??= v.paidAt;
        o.notifiedAt = now;
      } else if (move === 'refund' && v.status === 1) {
        o.paidAt ??= v.paidAt;
        o.ended = 2;
        o.endedAt = now;
      } else if (move === 'cancel' && v.status === 0) {
        o.ended = 3;
        o.endedAt = now;
      } else return false;
      o.firstSeenAt ??= now;
      return true;
    },
    list: (now) => orders.map((o) => view(o, now)),
  };
}
