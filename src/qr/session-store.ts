import type { Updateable } from 'kysely';
import type { Db, QrSessionsTable } from '../store/database.js';
import { type LeasedTable, leasedTable, leaseFree } from '../store/leased-rows.js';
import { type QrSessionRow, type QrWatchColumns, qrDb } from './session-row.js';

export interface SessionKey {
  workspaceId: string;
  sessionId: string;
}

type Patch = Updateable<QrSessionsTable> & Updateable<QrWatchColumns>;

export async function findSession(db: Db, key: SessionKey): Promise<QrSessionRow | undefined> {
  return qrDb(db)
    .selectFrom('qr_sessions')
    .selectAll()
    .where('workspace_id', '=', key.workspaceId)
    .where('session_id', '=', key.sessionId)
    .executeTakeFirst();
}

/**
 * Sessions with work to do now and no live lease: a check that is due, or an edit owed to the
 * status message whose Retry-After has passed. Oldest due first.
 */
export async function dueSessions(db: Db, now: number, limit: number): Promise<SessionKey[]> {
  const rows = await qrDb(db)
    .selectFrom('qr_sessions')
    .select(['workspace_id', 'session_id'])
    .where((eb) =>
      eb.and([
        leaseFree(now),
        eb.or([
          eb.and([eb('watch_state', '=', 'watching'), eb('next_check_at', '<=', now)]),
          // A step's completion owed (retried at next_check_at after a passing failure).
          eb.and([
            eb('step_execution_id', 'is not', null),
            eb('step_completed_at', 'is', null),
            eb('watch_state', '<>', 'watching'),
            eb('next_check_at', '<=', now),
          ]),
          eb.and([
            eb('message_ts', 'is not', null),
            eb.or([
              eb('message_state', '<>', eb.ref('state')),
              eb('message_watch_state', '<>', eb.ref('watch_state')),
            ]),
            eb.or([eb('edit_not_before', 'is', null), eb('edit_not_before', '<=', now)]),
          ]),
        ]),
      ]),
    )
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ workspaceId: r.workspace_id, sessionId: r.session_id }));
}

/**
 * The sessions as a leased table (store/leased-rows.ts): claimed, renewed by the watcher's
 * heartbeat, released and taken over the same way as every other leased feature.
 */
export function sessionTable(db: Db): LeasedTable<SessionKey, QrSessionRow> {
  return leasedTable(db, {
    table: 'qr_sessions',
    keyColumns: ['workspace_id', 'session_id'],
    keyValues: (k) => [k.workspaceId, k.sessionId],
    find: (k) => findSession(db, k),
    due: (now, limit) => dueSessions(db, now, limit),
  });
}

/** Writes `patch` while `owner` still holds the lease; false when the lease was lost. */
export function updateLeased(db: Db, key: SessionKey, owner: string, patch: Patch) {
  return sessionTable(db).updateLeased(key, owner, patch);
}

/**
 * When the watcher should look again: the earliest scheduled check of a watched session nobody
 * holds, or the earliest moment a held one's lease lapses (a killed worker's), epoch ms.
 *
 * Two ordered look-ups in one statement, each served by an index: the first free row along
 * `qr_sessions_due` (watch_state, next_check_at), and the held leases through
 * `qr_sessions_lease_owner` (a lease is taken and handed back with its owner, so a held one has
 * one). The loop asks this after most looks, dozens of times a second with a thousand codes
 * watched; an aggregate over every watched row made it a quarter of the database's time.
 */
export async function nextDueAt(db: Db, now: number): Promise<number | undefined> {
  const q = qrDb(db);
  const row = await q
    .selectNoFrom(() => [
      q
        .selectFrom('qr_sessions')
        .select('next_check_at')
        .where('watch_state', '=', 'watching')
        .where(leaseFree(now))
        .orderBy('next_check_at')
        .limit(1)
        .as('due'),
      q
        .selectFrom('qr_sessions')
        .select((e) => e.fn.min('lease_until').as('lapse'))
        .where('lease_owner', 'is not', null)
        .where('watch_state', '=', 'watching')
        .where('lease_until', '>=', now)
        .as('lapse'),
    ])
    .executeTakeFirst();
  const times = [row?.due, row?.lapse].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length ? Math.min(...times) : undefined;
}
