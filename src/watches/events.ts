import type { PayOrder } from '../gateway/operations/index.js';
import type { OrderWatchRow, OrderWatchState } from './watch-row.js';

/** What a check can tell the channel; the Slack side words each one. */
export type WatchEvent =
  | { kind: 'paid'; at?: Date }
  | { kind: 'called-back'; at: Date; afterAlert: boolean }
  | { kind: 'refunded'; at: Date }
  | { kind: 'cancelled'; at: Date }
  /** Any other move of order_status (e.g. back to unpaid): the new status. */
  | { kind: 'status'; status: number; at: Date }
  | { kind: 'not-called-back'; paidAt: Date; userId: string; alertMs: number };

export interface WatchTiming {
  intervalMs: number;
  callbackAlertMs: number;
}

export interface CheckOutcome {
  events: WatchEvent[];
  status: number;
  notified: boolean;
  paidAt: number | null;
  alerted: boolean;
  state: OrderWatchState;
  nextCheckAt: number;
}

/** Refunded, cancelled, or paid and called back: nothing about the order can change any more. */
export function isFinal(status: number, notified: boolean): boolean {
  return status === 2 || status === 3 || (status === 1 && notified);
}

/**
 * What one check of a watched order means: the events since the last check (none on the first),
 * whether the "not called back" alert is due now, whether the watch ends, and the next check —
 * never later than the alert's moment, so the alert comes on time whatever the interval.
 */
export function afterCheck(
  row: OrderWatchRow,
  order: PayOrder,
  now: number,
  timing: WatchTiming,
): CheckOutcome {
  const at = new Date(now);
  const events: WatchEvent[] = [];
  const first = row.status === null;
  const wasNotified = row.notified === 1;
  if (!first && order.status !== row.status) {
    if (order.status === 1) events.push({ kind: 'paid', at: order.paidAt });
    else if (order.status === 2) events.push({ kind: 'refunded', at });
    else if (order.status === 3) events.push({ kind: 'cancelled', at });
    else events.push({ kind: 'status', status: order.status, at });
  }
  let alerted = row.alerted === 1;
  if (!first && order.notified && !wasNotified) {
    events.push({ kind: 'called-back', at, afterAlert: alerted });
  }
  const paidAt = order.paidAt?.getTime() ?? row.paid_at ?? (order.status === 1 ? now : null);
  const alertAt = paidAt === null ? undefined : paidAt + timing.callbackAlertMs;
  const waiting = order.status === 1 && !order.notified;
  if (waiting && !alerted && alertAt !== undefined && now >= alertAt && paidAt !== null) {
    events.push({
      kind: 'not-called-back',
      paidAt: new Date(paidAt),
      userId: row.user_id,
      alertMs: timing.callbackAlertMs,
    });
    alerted = true;
  }
  let state: OrderWatchState = 'watching';
  if (isFinal(order.status, order.notified)) state = 'final';
  else if (now >= row.watch_until) state = 'timed_out';
  let next = now + timing.intervalMs;
  if (waiting && !alerted && alertAt !== undefined) next = Math.min(next, alertAt);
  next = Math.min(next, row.watch_until);
  return {
    events,
    status: order.status,
    notified: order.notified,
    paidAt,
    alerted,
    state,
    nextCheckAt: next,
  };
}
