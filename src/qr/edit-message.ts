import type { QrSessionRow } from './session-row.js';
import { type SessionKey, updateLeased } from './session-store.js';
import { EDIT_RETRY_MS, type WorkContext } from './work-context.js';

/**
 * Brings the status message (same ts) in line with the stored state. Whatever happens, the owed
 * edit stays visible in the store until one lands: a 429 waits out Retry-After (for the whole
 * workspace), a network failure waits a few seconds; only a message that can no longer be edited
 * (deleted, bot removed) is given up on.
 */
export async function editMessage(ctx: WorkContext, row: QrSessionRow): Promise<void> {
  const { deps } = ctx;
  if (row.message_ts === null) return;
  const key: SessionKey = { workspaceId: row.workspace_id, sessionId: row.session_id };
  const now = deps.clock().getTime();
  const paused = ctx.editsPausedUntil.get(row.workspace_id) ?? 0;
  if (paused > now) {
    await updateLeased(deps.store.db, key, ctx.owner, { edit_not_before: paused });
    return;
  }
  const shown = { message_state: row.state, message_watch_state: row.watch_state };
  const outcome = await deps.messages.show(row);
  const log = { sessionId: row.session_id, workspaceId: row.workspace_id, failure: outcome };
  switch (outcome.kind) {
    case 'shown':
      await updateLeased(deps.store.db, key, ctx.owner, { ...shown, edit_not_before: null });
      return;
    case 'rate-limited': {
      const until = deps.clock().getTime() + outcome.retryAfterMs;
      ctx.editsPausedUntil.set(row.workspace_id, until);
      deps.logger.info(log, 'qr status edit rate limited, will retry');
      await updateLeased(deps.store.db, key, ctx.owner, { edit_not_before: until });
      return;
    }
    case 'failed': {
      deps.logger.warn(log, 'qr status edit failed, will retry');
      const until = deps.clock().getTime() + EDIT_RETRY_MS;
      await updateLeased(deps.store.db, key, ctx.owner, { edit_not_before: until });
      return;
    }
    case 'gone':
      deps.logger.warn(log, 'qr status message cannot be edited, giving up on it');
      await updateLeased(deps.store.db, key, ctx.owner, { ...shown, edit_not_before: null });
  }
}
