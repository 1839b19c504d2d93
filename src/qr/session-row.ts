import type { Selectable } from 'kysely';
import type { Db, QrSessionsTable, QrState, QrWatchState } from '../store/database.js';

/** Columns added by migration 0002 (src/store/migrations/0002-qr-watch.ts). */
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
}

export type QrSessionRow = Selectable<QrSessionsTable> & Selectable<QrWatchColumns>;

/** The store's database seen with the 0002 columns. */
export function qrDb(db: Db) {
  return db.withTables<{ qr_sessions: QrWatchColumns }>();
}

export type QrDb = ReturnType<typeof qrDb>;

/** The message shows something other than the stored state: an edit is owed. */
export function editOwed(row: QrSessionRow): boolean {
  return row.message_state !== row.state || row.message_watch_state !== row.watch_state;
}
