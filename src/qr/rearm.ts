import { qrDb } from './session-row.js';
import type { SessionKey } from './session-store.js';

/**
 * "Check again" on a session whose watch ended: due at once, densely for `burstMs` (someone is
 * looking at the code again), then watched for another `timeoutMs` on the usual growing
 * schedule. False when the session was not timed out.
 */
export async function rearmSession(
  db: Parameters<typeof qrDb>[0],
  key: SessionKey,
  now: number,
  timeoutMs: number,
  burstMs: number,
): Promise<boolean> {
  const result = await qrDb(db)
    .updateTable('qr_sessions')
    .set({
      watch_state: 'watching',
      watch_until: now + timeoutMs,
      interval_ms: 0,
      dense_until: now + burstMs,
      next_check_at: now,
      updated_at: now,
    })
    .where('workspace_id', '=', key.workspaceId)
    .where('session_id', '=', key.sessionId)
    .where('watch_state', '=', 'timed_out')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
