import type { Updateable } from 'kysely';
import type { Db, QrSessionsTable } from '../store/database.js';
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
        eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]),
        eb.or([
          eb.and([eb('watch_state', '=', 'watching'), eb('next_check_at', '<=', now)]),
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
 * Takes the session's lease if nobody holds a live one; the row as it is now, or undefined when
 * another worker holds it. The one conditional UPDATE is the whole guarantee, in SQLite and
 * PostgreSQL alike: two workers can both try, only one sees a row changed.
 */
export async function claimSession(
  db: Db,
  key: SessionKey,
  owner: string,
  now: number,
  leaseMs: number,
): Promise<QrSessionRow | undefined> {
  const result = await qrDb(db)
    .updateTable('qr_sessions')
    .set({ lease_owner: owner, lease_until: now + leaseMs })
    .where('workspace_id', '=', key.workspaceId)
    .where('session_id', '=', key.sessionId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await findSession(db, key);
  return row?.lease_owner === owner ? row : undefined;
}

/** Writes `patch` while `owner` still holds the lease; false when the lease was lost. */
export async function updateLeased(
  db: Db,
  key: SessionKey,
  owner: string,
  patch: Patch,
): Promise<boolean> {
  const result = await qrDb(db)
    .updateTable('qr_sessions')
    .set(patch)
    .where('workspace_id', '=', key.workspaceId)
    .where('session_id', '=', key.sessionId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function releaseSession(db: Db, key: SessionKey, owner: string): Promise<boolean> {
  return updateLeased(db, key, owner, { lease_owner: null, lease_until: null });
}

/** On shutdown: every lease this worker still holds, so another worker need not wait it out. */
export async function releaseAllLeases(db: Db, owner: string): Promise<void> {
  await qrDb(db)
    .updateTable('qr_sessions')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .execute();
}

/** The heartbeat's other half: every lease `owner` holds now lasts until `until`. */
export async function renewLeases(db: Db, owner: string, until: number): Promise<number> {
  const result = await qrDb(db)
    .updateTable('qr_sessions')
    .set({ lease_until: until })
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * When the watcher should look again: the earliest scheduled check of a watched session nobody
 * holds, or the earliest moment a held one's lease lapses (a killed worker's), epoch ms.
 */
export async function nextDueAt(db: Db, now: number): Promise<number | undefined> {
  const row = await qrDb(db)
    .selectFrom('qr_sessions')
    .select((eb) => {
      const free = eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]);
      return [
        eb.fn.min(eb.case().when(free).then(eb.ref('next_check_at')).end()).as('due'),
        eb.fn.min(eb.case().when(free).then(null).else(eb.ref('lease_until')).end()).as('lapse'),
      ];
    })
    .where('watch_state', '=', 'watching')
    .executeTakeFirst();
  const times = [row?.due, row?.lapse].filter((t) => t !== null && t !== undefined).map(Number);
  return times.length ? Math.min(...times) : undefined;
}
