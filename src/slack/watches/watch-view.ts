import type { Config } from '../../config.js';
import type { PayOrder } from '../../gateway/operations/index.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { fromCacheJson } from '../../store/shared-cache.js';
import type { OrderWatchRow } from '../../watches/index.js';
import type { SlackMessage } from '../blocks/message.js';
import { orderWatchCard, type WatchView } from '../blocks/order-watch-card.js';
import type { AppDeps } from '../deps.js';
import { postedLocale } from '../settings/language.js';

export function watchView(row: OrderWatchRow, config: Pick<Config, 'orderWatch'>): WatchView {
  return {
    watchId: row.watch_id,
    state: row.watch_state,
    userId: row.user_id,
    stoppedBy: row.stopped_by,
    intervalMs: config.orderWatch.intervalMs,
    watchUntil: new Date(row.watch_until),
    timeoutMs: config.orderWatch.timeoutMs,
  };
}

/** The card for a stored watch, from the order as last seen, in `t` (the card's own language). */
export function watchCard(
  row: OrderWatchRow,
  config: Pick<Config, 'orderWatch' | 'gateway'>,
  t: Translate,
): SlackMessage | undefined {
  if (!row.order_json) return undefined;
  const order = fromCacheJson<PayOrder>(row.order_json);
  return orderWatchCard(order, watchView(row, config), config.gateway.timeZone, t);
}

/** A stored watch's card and thread language: the one it was posted in. */
export async function watchT(
  deps: Pick<AppDeps, 'settings'>,
  row: OrderWatchRow,
): Promise<Translate> {
  return translator(await postedLocale(deps, row));
}
