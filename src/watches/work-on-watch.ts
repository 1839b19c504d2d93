import { toCacheJson } from '../store/shared-cache.js';
import { afterCheck } from './events.js';
import type { OrderWatchDeps, WatchedOrder } from './ports.js';
import { keyOf, type OrderWatchRow, watchDb } from './watch-row.js';
import { findWatch, updateLeasedWatch } from './watch-store.js';

export function watchedOrder(row: OrderWatchRow): WatchedOrder {
  return {
    teamId: row.workspace_id,
    userId: row.user_id,
    channelId: row.channel_id,
    orderNumber: row.order_number,
    merchantNum: row.merchant_num,
    kind: row.kind === 'merchant' ? 'merchant' : 'platform',
  };
}

/**
 * One check of a leased watch: look the order up, store what changed (before telling anyone, so
 * a crash never repeats a reply or the alert), then post one thread reply per event and edit the
 * card when anything changed or the watch ended. No paid look-up once `stopping()` (the lease
 * may be gone): the watch stays due for whoever holds it next.
 */
export async function workOnWatch(
  deps: OrderWatchDeps,
  owner: string,
  row: OrderWatchRow,
  stopping: () => boolean,
): Promise<void> {
  const key = keyOf(row);
  const now = deps.clock().getTime();
  const { intervalMs, callbackAlertMs } = deps.config.orderWatch;
  if (now >= row.watch_until) {
    if (await updateLeasedWatch(deps.store.db, key, owner, { watch_state: 'timed_out' })) {
      await show(deps, key);
    }
    return;
  }
  if (stopping()) return;
  let order: Awaited<ReturnType<OrderWatchDeps['lookUp']>>;
  try {
    order = await deps.lookUp(watchedOrder(row));
  } catch (err) {
    deps.logger.warn({ err, watchId: row.watch_id }, 'order watch check failed');
    const next = Math.min(now + intervalMs, row.watch_until);
    await updateLeasedWatch(deps.store.db, key, owner, { next_check_at: next, updated_at: now });
    return;
  }
  const checkedAt = deps.clock().getTime();
  const outcome = afterCheck(row, order, checkedAt, { intervalMs, callbackAlertMs });
  const stored = await updateLeasedWatch(deps.store.db, key, owner, {
    order_json: toCacheJson(order),
    status: outcome.status,
    notified: outcome.notified ? 1 : 0,
    paid_at: outcome.paidAt,
    alerted: outcome.alerted ? 1 : 0,
    watch_state: outcome.state,
    next_check_at: outcome.nextCheckAt,
    checks_made: row.checks_made + 1,
    last_checked_at: checkedAt,
    updated_at: checkedAt,
  });
  // Stopped by hand (or the lease lost) meanwhile: whoever changed the row tells the channel.
  if (!stored) return;
  for (const event of outcome.events) {
    const gone = await deps.messages.reply(row, event).then(
      () => false,
      (err) => {
        deps.logger.warn({ err, watchId: row.watch_id }, 'watch reply failed');
        return endWhenGone(deps, key, err);
      },
    );
    if (gone) return;
  }
  if (outcome.events.length > 0 || outcome.state !== 'watching') await show(deps, key);
}

async function show(deps: OrderWatchDeps, key: ReturnType<typeof keyOf>): Promise<void> {
  const fresh = await findWatch(deps.store.db, key);
  if (!fresh) return;
  await deps.messages.showCard(fresh).catch(async (err) => {
    deps.logger.warn({ err, watchId: key.watchId }, 'watch card edit failed');
    await endWhenGone(deps, key, err);
  });
}

/**
 * A reply or edit that can never succeed (the channel or the workspace's token gone, and the
 * event saying so missed): the watch stops, so nothing is checked or posted for it again.
 */
async function endWhenGone(
  deps: OrderWatchDeps,
  key: ReturnType<typeof keyOf>,
  err: unknown,
): Promise<boolean> {
  if (!deps.messages.gone?.(err)) return false;
  await watchDb(deps.store.db)
    .updateTable('order_watches')
    .set({
      watch_state: 'stopped',
      lease_owner: null,
      lease_until: null,
      updated_at: deps.clock().getTime(),
    })
    .where('workspace_id', '=', key.workspaceId)
    .where('watch_id', '=', key.watchId)
    .where('watch_state', '=', 'watching')
    .execute();
  deps.logger.info({ watchId: key.watchId }, 'order watch stopped: its channel is gone');
  return true;
}
