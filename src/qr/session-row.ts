import type { Selectable } from 'kysely';
import type { SealedAt } from '../secrets/cipher.js';
import type { Db, QrSessionsTable, QrState, QrWatchState } from '../store/database.js';

/** Columns added by migrations 0002 and 0005 (src/store/migrations/). */
export interface QrWatchColumns {
  /** What the status message shows: 0 the "creating" placeholder, else that state's view. */
  message_state: 0 | QrState;
  message_watch_state: QrWatchState;
  /** A rate-limited edit waits until then (epoch ms). */
  edit_not_before: number | null;
  last_checked_at: number | null;
  /** Watching ends at this instant (epoch ms). */
  watch_until: number | null;
  /** Base gap (before jitter) of the check now scheduled; 0 before the first. */
  interval_ms: number;
  /** Checks stay dense until this instant (0005; null: created + the schedule's dense phase). */
  dense_until: number | null;
  /** The watcher that checked it last (0005): if that one dies, the session is checked at once. */
  checked_by: string | null;
  /** A Workflow Builder step waiting for this session's final status (0009), if one started it. */
  step_execution_id: string | null;
  /** That execution's token, sealed under ENCRYPTION_KEY when one is set; never logged. */
  step_token: string | null;
  /** When the step was completed (epoch ms); null while it is owed. */
  step_completed_at: number | null;
}

/** One watcher process (0005): its leases live as long as its heartbeat. */
export interface QrWorkersTable {
  worker_id: string;
  started_at: number;
  heartbeat_at: number;
}

export type QrSessionRow = Selectable<QrSessionsTable> & Selectable<QrWatchColumns>;

/** The store's database seen with the 0002 and 0005 columns and tables. */
export function qrDb(db: Db) {
  return db.withTables<{ qr_sessions: QrWatchColumns; qr_workers: QrWorkersTable }>();
}

export type QrDb = ReturnType<typeof qrDb>;

/** A workflow step waits for this session and its watch is over: its completion is owed. */
export function stepOwed(row: QrSessionRow): boolean {
  return (
    row.step_execution_id !== null &&
    row.step_completed_at === null &&
    row.watch_state !== 'watching'
  );
}

/** The message shows something other than the stored state: an edit is owed. */
export function editOwed(row: QrSessionRow): boolean {
  return row.message_state !== row.state || row.message_watch_state !== row.watch_state;
}

/**
 * Where a waiting workflow step's sealed token lives: it opens only in its own session's row (a
 * workspace id never holds a `/`, so no two sessions share a place).
 */
export function stepTokenAt(workspaceId: string, sessionId: string): SealedAt {
  return { table: 'qr_sessions', column: 'step_token', rowId: `${workspaceId}/${sessionId}` };
}

/** Where step tokens were bound before they were bound to their session: their workspace. */
export function workspaceStepTokenAt(workspaceId: string): SealedAt {
  return { table: 'qr_sessions', column: 'step_token', rowId: workspaceId };
}
