import { type ExportRow, exportKeyOf } from './export-row.js';
import { findExport, settleStarting } from './export-store.js';
import { type ExportDeps, ExportStop } from './ports.js';

/**
 * A "starting" export claimed by this runner (its Start click was won by a process that died
 * before posting the progress message): posts that message, then moves it to running under this
 * runner's lease. The claim was the one atomic win that allows the post, so the button path (which
 * must win `settleStarting` with its own poster id) and other runners never post a second one.
 * The running row, or undefined when there is nothing to run now.
 */
export async function takeOverStarting(
  deps: ExportDeps,
  owner: string,
  claimed: ExportRow,
): Promise<ExportRow | undefined> {
  const key = exportKeyOf(claimed);
  const db = deps.store.db;
  const now = () => deps.clock().getTime();
  let posted: { ts: string; locale: string };
  try {
    posted = await deps.messages.post({ ...claimed, state: 'running' });
  } catch (err) {
    if (err instanceof ExportStop) {
      await settleStarting(db, key, owner, { state: 'failed', note: err.words, updated_at: now() });
      return undefined;
    }
    // Tried again once the grace has passed (the claim restarted it); a post that reached Slack
    // although its answer was lost would then show twice, the one case that can.
    deps.logger.warn({ err, exportId: key.exportId }, 'export progress message not posted');
    return undefined;
  }
  const moved = await settleStarting(db, key, owner, {
    state: 'running',
    message_ts: posted.ts,
    locale: posted.locale,
    updated_at: now(),
  });
  if (!moved) return undefined;
  deps.logger.info({ exportId: key.exportId }, 'export taken over before its progress message');
  return findExport(db, key);
}
