import { type Expression, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../store/database.js';
import { heldBy, type LeasedTable, leasedTable, leaseFree } from '../store/leased-rows.js';
import {
  type ExportKey,
  type ExportRow,
  type ExportState,
  type ExportsTable,
  exportDb,
} from './export-row.js';

export async function insertExport(db: Db, row: ExportRow): Promise<void> {
  await exportDb(db).insertInto('exports').values(row).execute();
}

/** The row unless one with its id exists (approved work, whose id the approval chose). */
export async function insertExportOnce(db: Db, row: ExportRow): Promise<void> {
  await exportDb(db)
    .insertInto('exports')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'export_id']).doNothing())
    .execute();
}

export function findExport(db: Db, k: ExportKey): Promise<ExportRow | undefined> {
  return exportDb(db)
    .selectFrom('exports')
    .selectAll()
    .where('workspace_id', '=', k.workspaceId)
    .where('export_id', '=', k.exportId)
    .executeTakeFirst();
}

/** Moves an export from one state to another; false when it was not in `from` (a second click). */
export function moveExport(
  db: Db,
  k: ExportKey,
  from: readonly ExportState[],
  patch: Updateable<ExportsTable>,
): Promise<boolean> {
  return updateExport(db, k, patch, sql<SqlBool>`state in (${sql.join([...from])})`);
}

/** Writes `patch` to the export while `where` holds; false when it did not. */
async function updateExport(
  db: Db,
  k: ExportKey,
  patch: Updateable<ExportsTable>,
  where: Expression<SqlBool>,
): Promise<boolean> {
  const result = await exportDb(db)
    .updateTable('exports')
    .set(patch)
    .where('workspace_id', '=', k.workspaceId)
    .where('export_id', '=', k.exportId)
    .where(where)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Exports with work for the runner, oldest first: running ones nobody holds, and "starting" ones
 * whose poster fell silent (no progress message after `graceMs`: the process that won the
 * Start click, or a runner that took it over, died before posting it).
 */
export async function runnableExports(
  db: Db,
  now: number,
  limit: number,
  graceMs: number,
): Promise<ExportKey[]> {
  const rows = await exportDb(db)
    .selectFrom('exports')
    .select(['workspace_id', 'export_id'])
    .where((eb) =>
      eb.or([
        eb('state', '=', 'running'),
        eb.and([eb('state', '=', 'starting'), eb('updated_at', '<', now - graceMs)]),
      ]),
    )
    .where(leaseFree(now))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ workspaceId: r.workspace_id, exportId: r.export_id }));
}

/**
 * The exports as a leased table (store/leased-rows.ts). A claim takes a running export nobody
 * holds, or a "starting" one silent for `graceMs` (then the claim is also the right to post its
 * progress message, so it restarts the grace). One conditional UPDATE each, so one replica wins.
 */
export function exportTable(db: Db, graceMs: number): LeasedTable<ExportKey, ExportRow> {
  return leasedTable(db, {
    table: 'exports',
    keyColumns: ['workspace_id', 'export_id'],
    keyValues: (k) => [k.workspaceId, k.exportId],
    find: (k) => findExport(db, k),
    due: (now, limit) => runnableExports(db, now, limit, graceMs),
    claimable: (now) => [
      { where: sql<SqlBool>`state = 'running'` },
      {
        where: sql<SqlBool>`state = 'starting' and updated_at < ${now - graceMs}`,
        set: { updated_at: now },
      },
    ],
  });
}

/**
 * For whoever won the right to post a "starting" export's progress message (the Start click, or
 * a runner's claim): writes only while it is still starting and still theirs. False when it was
 * taken over or ended meanwhile; then the caller must not (or no longer) show its message.
 */
export function settleStarting(
  db: Db,
  k: ExportKey,
  poster: string,
  patch: Updateable<ExportsTable>,
): Promise<boolean> {
  return updateExport(db, k, patch, sql<SqlBool>`state = 'starting' and ${heldBy(poster)}`);
}

/** Writes while `owner` holds the lease and the export still runs; false otherwise (cancelled). */
export function updateRunning(
  db: Db,
  k: ExportKey,
  owner: string,
  patch: Updateable<ExportsTable>,
): Promise<boolean> {
  return updateExport(db, k, patch, sql<SqlBool>`state = 'running' and ${heldBy(owner)}`);
}

/** Stores one fetched page's rows; storing the same page twice keeps the first. */
export async function storePage(
  db: Db,
  k: ExportKey,
  index: number,
  rows: string[][],
): Promise<void> {
  await exportDb(db)
    .insertInto('export_pages')
    .values({
      workspace_id: k.workspaceId,
      export_id: k.exportId,
      page_index: index,
      rows_json: JSON.stringify(rows),
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'export_id', 'page_index']).doNothing())
    .execute();
}

/** Every stored row of an export, in page order. */
export async function storedRows(db: Db, k: ExportKey): Promise<string[][]> {
  const pages = await exportDb(db)
    .selectFrom('export_pages')
    .select('rows_json')
    .where('workspace_id', '=', k.workspaceId)
    .where('export_id', '=', k.exportId)
    .orderBy('page_index')
    .execute();
  return pages.flatMap((p) => JSON.parse(p.rows_json) as string[][]);
}
