import type { Db } from '../store/database.js';
import { qrDb } from './session-row.js';

/** Rows of watchers silent for this long are removed at the next start. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/** This watcher is alive at `now` (one row per process; inserted on its first beat). */
export async function beat(db: Db, workerId: string, now: number): Promise<void> {
  await qrDb(db)
    .insertInto('qr_workers')
    .values({ worker_id: workerId, started_at: now, heartbeat_at: now })
    .onConflict((oc) => oc.column('worker_id').doUpdateSet({ heartbeat_at: now }))
    .execute();
}

/** The last instant any other watcher was seen alive (undefined: none ever was). */
export async function lastSeenOthers(db: Db, workerId: string): Promise<number | undefined> {
  const row = await qrDb(db)
    .selectFrom('qr_workers')
    .select((eb) => eb.fn.max('heartbeat_at').as('at'))
    .where('worker_id', '<>', workerId)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

export async function forgetOldWorkers(db: Db, now: number): Promise<void> {
  await qrDb(db)
    .deleteFrom('qr_workers')
    .where('heartbeat_at', '<', now - FORGET_AFTER_MS)
    .execute();
}

/**
 * After an outage (no watcher alive since `since`), every watched session not checked since then
 * is checked now rather than at its next, possibly sparse, time: a scan made while nobody watched
 * is seen at once. Returns how many sessions were brought forward.
 */
export async function catchUpAfterOutage(db: Db, now: number, since: number): Promise<number> {
  const result = await qrDb(db)
    .updateTable('qr_sessions')
    .set({ next_check_at: now })
    .where('watch_state', '=', 'watching')
    .where('next_check_at', '>', now)
    .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('last_checked_at', '<=', since)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
