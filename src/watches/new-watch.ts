import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import type { PayOrder } from '../gateway/operations/index.js';
import { toCacheJson } from '../store/shared-cache.js';
import { afterCheck } from './events.js';
import type { WatchedOrder } from './ports.js';
import type { OrderWatchRow } from './watch-row.js';

/**
 * The row of a watch whose first look-up has just been made (the person's own, answered at
 * once): its state is the order as seen, its first background check one interval later (or at
 * the "not called back" moment, when that is sooner).
 */
export function newWatchRow(
  config: Pick<Config, 'orderWatch'>,
  who: WatchedOrder,
  order: PayOrder,
  now: number,
): OrderWatchRow {
  const { intervalMs, timeoutMs, callbackAlertMs } = config.orderWatch;
  const blank: OrderWatchRow = {
    workspace_id: who.teamId,
    watch_id: randomUUID(),
    channel_id: who.channelId,
    user_id: who.userId,
    order_number: who.orderNumber,
    merchant_num: who.merchantNum,
    kind: who.kind,
    message_ts: null,
    order_json: toCacheJson(order),
    status: null,
    notified: 0,
    paid_at: null,
    alerted: 0,
    watch_state: 'watching',
    stopped_by: null,
    next_check_at: now,
    watch_until: now + timeoutMs,
    checks_made: 1,
    last_checked_at: now,
    lease_owner: null,
    lease_until: null,
    locale: null,
    created_at: now,
    updated_at: now,
  };
  const first = afterCheck(blank, order, now, { intervalMs, callbackAlertMs });
  // An order already past its alert moment is alerted at the first background check, at once.
  const next = first.alerted ? now : first.nextCheckAt;
  return {
    ...blank,
    status: first.status,
    notified: first.notified ? 1 : 0,
    paid_at: first.paidAt,
    watch_state: first.state === 'final' ? 'final' : 'watching',
    next_check_at: next,
  };
}
