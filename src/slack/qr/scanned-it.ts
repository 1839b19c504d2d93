import type { Asker } from '../blocks/message.js';
import { qrCheckFailed, qrNotScannedYet } from '../blocks/qr-check-reply.js';
import type { SlackDeps } from '../context.js';
import { type QrActionResult, unknownSession } from './action-result.js';
import { checkAgain } from './check-again.js';

/**
 * "I've scanned it": the status is checked at once (a paid check, like the scheduled ones) and
 * the checks stay dense for a short burst. At most one check of a code runs at a time, across
 * replicas: a click while one runs (a double click, a second person) does nothing more. A scan
 * seen edits the status message; "not scanned" yet is told to the person who clicked.
 */
export async function scannedIt(
  deps: Pick<SlackDeps, 'clock' | 'config' | 'store' | 'logger' | 'watcher'>,
  who: Asker,
  sessionId: string,
): Promise<QrActionResult> {
  const clickedAt = deps.clock().getTime();
  const row = await deps.watcher.checkNow({ workspaceId: who.teamId, sessionId });
  if (row === 'busy') return { ok: true };
  if (!row) return { ok: false, message: unknownSession(sessionId) };
  deps.logger.info({ sessionId, userId: who.userId, state: row.state }, 'qr checked on click');
  // A message from before the watch ended: the click means the same as "Check again".
  if (row.watch_state === 'timed_out') return checkAgain(deps, who, sessionId);
  if (row.state !== 1) return { ok: true };
  if (row.last_checked_at === null || row.last_checked_at < clickedAt) {
    return { ok: true, message: qrCheckFailed };
  }
  const checkedAt = new Date(row.last_checked_at);
  const denseForMs = Math.max(0, (row.dense_until ?? 0) - deps.clock().getTime());
  const timeZone = deps.config.gateway.timeZone;
  const gapMs = deps.watcher.schedule.firstMs;
  return {
    ok: true,
    message: (t) => qrNotScannedYet({ checkedAt, timeZone, gapMs, denseForMs, t }),
  };
}
