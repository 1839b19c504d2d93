import { type SqlBool, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import { qrDb } from './session-row.js';

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

/** On a graceful stop: this watcher is gone, and nothing it checked needs catching up. */
export async function forgetWorker(db: Db, workerId: string): Promise<void> {
  await qrDb(db).deleteFrom('qr_workers').where('worker_id', '=', workerId).execute();
}

/**
 * Watchers silent for longer than a lease died without stopping (kill -9, a lost host): every
 * watched session one of them checked last is checked now, since nobody else was watching it,
 * and the dead one is forgotten. Any watcher may do this, several at once: a session checked
 * meanwhile by a live watcher no longer names the dead one. Returns how many were brought forward.
 *
 * A watcher whose heartbeat is late but that stored a check within the last lease is alive (a
 * process starved of CPU, or its heartbeat queued behind other statements): it is left alone.
 * And a session is brought forward only once half its gap has passed since its last check, so a
 * watcher thought dead a moment too soon costs no check closer together than the schedule's half.
 */
export async function reapDeadWorkers(
  db: Db,
  self: string,
  now: number,
  leaseMs: number,
): Promise<number> {
  const q = qrDb(db);
  const silent = await q
    .selectFrom('qr_workers')
    .select('worker_id')
    .where('heartbeat_at', '<', now - leaseMs)
    .where('worker_id', '<>', self)
    .execute();
  let moved = 0;
  for (const { worker_id } of silent) {
    const checkedLately = await q
      .selectFrom('qr_sessions')
      .select('session_id')
      .where('checked_by', '=', worker_id)
      .where('last_checked_at', '>=', now - leaseMs)
      .limit(1)
      .executeTakeFirst();
    if (checkedLately) continue;
    const result = await q
      .updateTable('qr_sessions')
      .set({ next_check_at: now })
      .where('watch_state', '=', 'watching')
      .where('checked_by', '=', worker_id)
      .where('next_check_at', '>', now)
      .where(sql<SqlBool>`(last_checked_at is null or last_checked_at + interval_ms / 2 <= ${now})`)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
    await q
      .deleteFrom('qr_workers')
      .where('worker_id', '=', worker_id)
      .where('heartbeat_at', '<', now - leaseMs)
      .execute();
  }
  return moved;
}

/** Registers this worker; if no other was alive within one lease, catches up after the outage. */
export async function joinWatchers(
  db: Db,
  workerId: string,
  now: number,
  leaseMs: number,
  log: Logger,
): Promise<void> {
  const seen = await lastSeenOthers(db, workerId);
  await beat(db, workerId, now);
  if (seen === undefined || seen < now - leaseMs) {
    const caughtUp = await catchUpAfterOutage(db, now, seen ?? now);
    if (caughtUp > 0) log.info({ caughtUp, lastSeen: seen }, 'qr watch resumed after an outage');
  }
}
