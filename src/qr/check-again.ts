import { errorCard, UserFacingError } from '../slack/blocks/error-card.js';
import type { Asker } from '../slack/blocks/message.js';
import type { AppDeps } from '../slack/deps.js';
import type { QrActionResult } from './action-result.js';
import { qrDb } from './session-row.js';
import { findSession } from './session-store.js';
import type { QrWatcher } from './watcher.js';

const ALREADY = {
  watching: 'This QR session is being watched already; its message changes by itself.',
  done: 'This QR session has reached a final state (scanned or expired); there is nothing left to watch.',
  timed_out: '',
} as const;

/**
 * "Check again" on a session whose watch ended: checks it at once, densely for a short burst
 * (someone is looking at the code again), then watches it for another QR_WATCH_TIMEOUT_MS on the
 * usual growing schedule. The message is edited by the watcher.
 */
export async function checkAgain(
  deps: AppDeps & { watcher: QrWatcher },
  who: Asker,
  sessionId: string,
): Promise<QrActionResult> {
  const now = deps.clock().getTime();
  const result = await qrDb(deps.store.db)
    .updateTable('qr_sessions')
    .set({
      watch_state: 'watching',
      watch_until: now + deps.config.qr.watchTimeoutMs,
      interval_ms: 0,
      dense_until: now + deps.watcher.schedule.burstMs,
      next_check_at: now,
      updated_at: now,
    })
    .where('workspace_id', '=', who.teamId)
    .where('session_id', '=', sessionId)
    .where('watch_state', '=', 'timed_out')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) {
    deps.logger.info({ sessionId, userId: who.userId }, 'qr watch re-armed');
    deps.watcher.kick();
    return { ok: true };
  }
  const row = await findSession(deps.store.db, { workspaceId: who.teamId, sessionId });
  const why = row
    ? new UserFacingError('Nothing to re-check', ALREADY[row.watch_state])
    : new UserFacingError('Unknown QR session', `No QR session ${sessionId} here.`);
  return { ok: false, message: errorCard(why) };
}
