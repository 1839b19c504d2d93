import { findSession, rearmSession } from '../../qr/index.js';
import { errorCard, UserFacingError } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import type { Asker } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import type { QrActionResult } from './action-result.js';

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
  deps: Pick<SlackDeps, 'clock' | 'config' | 'store' | 'logger' | 'watcher'>,
  who: Asker,
  sessionId: string,
): Promise<QrActionResult> {
  const key = { workspaceId: who.teamId, sessionId };
  const now = deps.clock().getTime();
  const { watchTimeoutMs } = deps.config.qr;
  if (await rearmSession(deps.store.db, key, now, watchTimeoutMs, deps.watcher.schedule.burstMs)) {
    deps.logger.info({ sessionId, userId: who.userId }, 'qr watch re-armed');
    deps.watcher.kick();
    return { ok: true };
  }
  const row = await findSession(deps.store.db, key);
  const why = row
    ? new UserFacingError('Nothing to re-check', ALREADY[row.watch_state])
    : new UserFacingError('Unknown QR session', `No QR session ${sessionId} here.`);
  return { ok: false, message: errorCard(why, ENGLISH) };
}
