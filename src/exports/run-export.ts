import { CallWithdrawn } from '../gateway/call.js';
import { fromCacheJson, toCacheJson } from '../store/shared-cache.js';
import { type ExportRow, type ExportState, exportKeyOf } from './export-row.js';
import { findExport, moveExport, storedRows, storePage, updateRunning } from './export-store.js';
import { type ExportDeps, ExportStop } from './ports.js';

/** The progress message is edited at most this often (Slack's chat.update is rate limited). */
export const EDIT_EVERY_MS = 2000;
/** Passing failures (network, 5xx after the client's own retries) tolerated in a row. */
const MAX_PASSING_FAILURES = 3;

interface Cursor {
  /** The source's own "where next"; absent when the last page has been stored. */
  next?: unknown;
  end?: true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a claimed export page by page until its end, a cancel, the budget, or `stopping()` (this
 * process shutting down: the export stays "running" for the next one, which goes on from the
 * next page). Each page is stored with the progress before the message is edited, so a page is
 * never fetched twice and a restart loses none.
 */
export async function runExport(
  deps: ExportDeps,
  owner: string,
  claimed: ExportRow,
  stopping: () => boolean,
): Promise<void> {
  const key = exportKeyOf(claimed);
  const db = deps.store.db;
  const maxRows = deps.config.export.maxRows;
  const now = () => deps.clock().getTime();
  let lastShown = 0;
  // Set when an edit failed for good: no page is bought for a message nobody can see.
  let gone = false;
  const show = async (force: boolean) => {
    const since = now() - lastShown;
    if (!force && since < EDIT_EVERY_MS) return;
    if (force && since < EDIT_EVERY_MS) await sleep(EDIT_EVERY_MS - since);
    const fresh = await findExport(db, key);
    if (!fresh) return;
    lastShown = now();
    await deps.messages.show(fresh).catch((err) => {
      deps.logger.warn({ err, exportId: key.exportId }, 'export message edit failed');
      gone ||= deps.messages.gone?.(err) ?? false;
    });
  };

  async function finish(state: ExportState, note: string | null): Promise<void> {
    const row = await findExport(db, key);
    if (row?.state !== 'running') return;
    let fileId: string | undefined;
    if (row.rows > 0 || state === 'done') {
      // The CSV writer is loaded with the first export that finishes, not at start.
      const { toCsv } = await import('./csv.js');
      const csv = toCsv(deps.source.header(row), (await storedRows(db, key)).slice(0, maxRows), {
        bom: Number(row.csv_bom) !== 0,
      });
      const partial = state === 'done' ? '' : '-partial';
      const name = `${row.kind === 'coupons' ? 'coupons' : 'shop-orders'}-${key.exportId.slice(0, 8)}${partial}.csv`;
      fileId = await deps.messages.upload(row, csv, name).catch((err) => {
        deps.logger.warn({ err, exportId: key.exportId }, 'export upload failed');
        return undefined;
      });
    }
    await moveExport(db, key, ['running'], {
      state,
      note,
      file_id: fileId ?? null,
      updated_at: now(),
    });
    await show(true);
  }

  /** Its channel (or token) is gone: cancelled where it stands, with no file to post. */
  async function cancelGone(): Promise<void> {
    await moveExport(db, key, ['running'], { state: 'cancelled', updated_at: now() });
    deps.logger.info({ exportId: key.exportId }, 'export cancelled: its channel is gone');
  }

  if (claimed.started_at === null) {
    await updateRunning(db, key, owner, { started_at: now() });
  }
  await show(true);
  let failures = 0;
  for (;;) {
    if (stopping()) return;
    if (gone) return cancelGone();
    const row = await findExport(db, key);
    // Cancelled: the Cancel button has already said so in the message.
    if (row?.state !== 'running' || row.lease_owner !== owner) return;
    const cursor = row.cursor_json === null ? undefined : fromCacheJson<Cursor>(row.cursor_json);
    if (cursor?.end || row.rows >= maxRows) return finish('done', null);
    let page: Awaited<ReturnType<typeof deps.source.fetch>>;
    try {
      page = await deps.source.fetch(row, cursor?.next, () => !stopping());
      failures = 0;
    } catch (err) {
      if (err instanceof ExportStop) return finish(err.reason, err.words);
      // Its lease may have gone while the page waited its turn: not bought; whoever holds the
      // export now goes on from this page.
      if (err instanceof CallWithdrawn) return;
      failures++;
      deps.logger.warn({ err, exportId: key.exportId, failures }, 'export page failed');
      if (failures >= MAX_PASSING_FAILURES) {
        return finish('failed', 'The gateway failed several times in a row on the same page.');
      }
      await sleep(500 * failures);
      continue;
    }
    const rows = page.rows.slice(0, Math.max(0, maxRows - row.rows));
    await storePage(db, key, row.next_page, rows);
    const next: Cursor = page.next === undefined ? { end: true } : { next: page.next };
    const stored = await updateRunning(db, key, owner, {
      next_page: row.next_page + 1,
      cursor_json: toCacheJson(next),
      total_pages: page.totalPages ?? row.total_pages,
      rows: row.rows + rows.length,
      points: row.points + page.points,
      updated_at: now(),
    });
    if (!stored) return;
    await show(false);
  }
}
