import type { PayOrder } from '../../gateway/operations/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import { payMethodWord, yuan } from '../blocks/format.js';
import type { StepOutputs } from './step.js';

/** The contract's status words (the document's States 0–3): values for later steps. */
const STATUS_WORDS: Record<number, string> = {
  0: 'unpaid',
  1: 'paid',
  2: 'refunded',
  3: 'cancelled',
};

/** Paid and refunded orders had money go through; unpaid and cancelled ones paid nothing. */
const MONEY_MOVED = new Set([1, 2]);

/**
 * `lookup_payment_order`'s outputs: fen as yuan text, times in GATEWAY_TIMEZONE, plain words.
 * `paid_yuan` is what was actually paid: the gateway reports `order_realy_price` (the price after
 * discounts) on unpaid orders too, which nobody has paid yet.
 */
export function payOrderOutputs(order: PayOrder, timeZone: string): StepOutputs {
  const { paidAt } = order;
  const paid = order.status !== 0 && paidAt !== undefined && !Number.isNaN(paidAt.getTime());
  return {
    order_number: order.orderNumber,
    merchant_order_number: order.relationOrderNumber,
    status: STATUS_WORDS[order.status] ?? `status ${order.status}`,
    status_code: order.status,
    amount_yuan: yuan(order.orderPriceFen),
    paid_yuan: MONEY_MOVED.has(order.status) ? yuan(order.paidFen) : '0.00',
    paid_at: paid ? instantToWallClock(paidAt, timeZone) : '',
    called_back: order.notified,
    pay_method: payMethodWord(order.orderType),
  };
}
