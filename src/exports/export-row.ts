import type { ColumnType, Selectable } from 'kysely';
import type { Db } from '../store/database.js';

/**
 * preview: the asker sees what it would call (nothing called yet); dismissed: cancelled there;
 * starting → running: its progress message exists and pages are fetched; then one end state.
 */
export type ExportState =
  | 'preview'
  | 'dismissed'
  | 'starting'
  | 'running'
  | 'done'
  | 'cancelled'
  | 'budget'
  | 'failed';

export type ExportKind = 'shopOrders' | 'coupons';

/** The `exports` table (migration 0008). */
export interface ExportsTable {
  workspace_id: string;
  export_id: string;
  channel_id: string;
  user_id: string;
  kind: ExportKind;
  /** The command's arguments (JSON with Dates kept). */
  args_json: string;
  state: ExportState;
  message_ts: string | null;
  /** Pages stored so far; the next page's index. */
  next_page: number;
  /** Where the next page is (JSON, the source's own shape); null before the first. */
  cursor_json: string | null;
  /** Pages the export will take, once known. */
  total_pages: number | null;
  rows: number;
  points: number;
  /** Why it ended, in words for a person (budget, failure). */
  note: string | null;
  stopped_by: string | null;
  file_id: string | null;
  /** 1: the CSV starts with a byte-order mark (the default); 0: turned off in the preview. */
  csv_bom: ColumnType<number, number | undefined, number>;
  /**
   * The header row's language (0016): null, the machine column names (the default); a locale,
   * the column titles in the starter's language, ticked in the preview.
   */
  csv_header: ColumnType<string | null, string | null | undefined, string | null>;
  lease_owner: string | null;
  lease_until: number | null;
  /** Who approved it when it needed approval (0019); its calls are audited with them. */
  approved_by: string | null;
  /** The language its messages were posted in (0015); null reads as the workspace's. */
  locale: string | null;
  started_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ExportPagesTable {
  workspace_id: string;
  export_id: string;
  page_index: number;
  /** The page's CSV rows (arrays of cells), JSON. */
  rows_json: string;
}

export type ExportRow = Selectable<ExportsTable>;

export function exportDb(db: Db) {
  return db.withTables<{ exports: ExportsTable; export_pages: ExportPagesTable }>();
}

export interface ExportKey {
  workspaceId: string;
  exportId: string;
}

export const exportKeyOf = (r: ExportRow): ExportKey => ({
  workspaceId: r.workspace_id,
  exportId: r.export_id,
});

export const ENDED: readonly ExportState[] = ['dismissed', 'done', 'cancelled', 'budget', 'failed'];
