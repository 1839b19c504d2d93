import type { Selectable } from 'kysely';
import type { Db } from '../store/database.js';

/** Why a watch is no longer watching; "watching" while it is. */
export type OrderWatchState = 'watching' | 'final' | 'timed_out' | 'stopped';

/** The `order_watches` table (migration 0008). */
export interface OrderWatchesTable {
  workspace_id: string;
  watch_id: string;
  channel_id: string;
  user_id: string;
  order_number: string;
  merchant_num: string;
  /** Which number `order_number` is: `platform` or `merchant`. */
  kind: string;
  /** The card in the channel; the thread replies go under it. */
  message_ts: string | null;
  /** The order as last seen (JSON with Dates kept), for drawing the card again. */
  order_json: string | null;
  /** order_status as last seen; null before the first check. */
  status: number | null;
  notified: number;
  paid_at: number | null;
  /** 1 once the "not called back" alert has been posted. */
  alerted: number;
  watch_state: OrderWatchState;
  stopped_by: string | null;
  next_check_at: number;
  watch_until: number;
  checks_made: number;
  last_checked_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  /** The language its messages were posted in (0015); null reads as the workspace's. */
  locale: string | null;
  created_at: number;
  updated_at: number;
}

export type OrderWatchRow = Selectable<OrderWatchesTable>;

/** The store's database seen with the 0008 watch table. */
export function watchDb(db: Db) {
  return db.withTables<{ order_watches: OrderWatchesTable }>();
}

export interface WatchKey {
  workspaceId: string;
  watchId: string;
}

export const keyOf = (row: OrderWatchRow): WatchKey => ({
  workspaceId: row.workspace_id,
  watchId: row.watch_id,
});
