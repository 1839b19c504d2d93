import { type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../store/database.js';
import { type LeasedTable, leasedTable, leaseFree } from '../store/leased-rows.js';
import { type OrderWatchesTable, type OrderWatchRow, type WatchKey, watchDb } from './watch-row.js';

export async function insertWatch(db: Db, row: OrderWatchRow): Promise<void> {
  await watchDb(db).insertInto('order_watches').values(row).execute();
}

export function findWatch(db: Db, key: WatchKey): Promise<OrderWatchRow | undefined> {
  return watchDb(db)
    .selectFrom('order_watches')
    .selectAll()
    .where('workspace_id', '=', key.workspaceId)
    .where('watch_id', '=', key.watchId)
    .executeTakeFirst();
}

/** Watches whose check is due and whose lease is free, oldest due first. */
export async function dueWatches(db: Db, now: number, limit: number): Promise<WatchKey[]> {
  const rows = await watchDb(db)
    .selectFrom('order_watches')
    .select(['workspace_id', 'watch_id'])
    .where('watch_state', '=', 'watching')
    .where('next_check_at', '<=', now)
    .where(leaseFree(now))
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ workspaceId: r.workspace_id, watchId: r.watch_id }));
}

/**
 * The watches as a leased table (store/leased-rows.ts): claimed, renewed by the watcher's
 * heartbeat, released and taken over the same way as every other leased feature. A watch is
 * claimed only while it is still watching and due: a replica that listed it as due just before
 * another checked it and handed it back finds it no longer due and leaves it, instead of paying
 * for a second look-up of the same order.
 */
export function watchTable(db: Db): LeasedTable<WatchKey, OrderWatchRow> {
  return leasedTable(db, {
    table: 'order_watches',
    keyColumns: ['workspace_id', 'watch_id'],
    keyValues: (k) => [k.workspaceId, k.watchId],
    find: (k) => findWatch(db, k),
    due: (now, limit) => dueWatches(db, now, limit),
    claimable: (now) => [
      { where: sql<SqlBool>`watch_state = 'watching' and next_check_at <= ${now}` },
    ],
  });
}

/** Writes `patch` while `owner` holds the lease and the watch is still live; false otherwise. */
export function updateLeasedWatch(
  db: Db,
  key: WatchKey,
  owner: string,
  patch: Updateable<OrderWatchesTable>,
): Promise<boolean> {
  return watchTable(db).updateLeased(key, owner, patch, sql<SqlBool>`watch_state = 'watching'`);
}

/** Ends a live watch by hand; the row afterwards, or undefined when it was not live. */
export async function stopWatch(
  db: Db,
  key: WatchKey,
  userId: string,
  now: number,
): Promise<OrderWatchRow | undefined> {
  const result = await watchDb(db)
    .updateTable('order_watches')
    .set({ watch_state: 'stopped', stopped_by: userId, updated_at: now })
    .where('workspace_id', '=', key.workspaceId)
    .where('watch_id', '=', key.watchId)
    .where('watch_state', '=', 'watching')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return findWatch(db, key);
}

/** Live watches of a channel or of a person in one workspace, newest first. */
export function liveWatches(
  db: Db,
  workspaceId: string,
  where: { channelId: string } | { userId: string },
  limit = 50,
): Promise<OrderWatchRow[]> {
  let q = watchDb(db)
    .selectFrom('order_watches')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('watch_state', '=', 'watching');
  q =
    'channelId' in where
      ? q.where('channel_id', '=', where.channelId)
      : q.where('user_id', '=', where.userId);
  return q.orderBy('created_at', 'desc').limit(limit).execute();
}
