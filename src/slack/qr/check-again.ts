import { findSession, rearmSession } from '../../qr/index.js';
import type { Asker } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import { type QrActionResult, refusal, unknownSession } from './action-result.js';

const ALREADY = {
  watching: 'qr.error.watching',
  done: 'qr.error.done',
  // Never asked: a timed-out session is re-armed above.
  timed_out: 'qr.error.done',
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
  if (!row) return { ok: false, message: unknownSession(sessionId) };
  const already = ALREADY[row.watch_state];
  return { ok: false, message: (t) => refusal(t, t('qr.error.nothingTitle'), t(already)) };
}
