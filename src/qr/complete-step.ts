import type { QrSessionRow } from './session-row.js';
import { stepOwed } from './session-row.js';
import { type SessionKey, updateLeased } from './session-store.js';
import type { WorkContext } from './work-context.js';

/**
 * Completes the workflow step waiting for a leased session whose watch is over, then marks it
 * completed. Slack is told first and the mark written after: a crash between the two repeats the
 * completion (Slack refuses a second one for an ended execution) rather than losing it.
 */
export async function completeStep(ctx: WorkContext, row: QrSessionRow): Promise<void> {
  const { deps } = ctx;
  if (!deps.steps || !stepOwed(row)) return;
  const key: SessionKey = { workspaceId: row.workspace_id, sessionId: row.session_id };
  const outcome = await deps.steps.complete(row);
  const now = deps.clock().getTime();
  const log = { sessionId: row.session_id, workspaceId: row.workspace_id };
  if (outcome.kind === 'retry') {
    deps.logger.warn(
      { ...log, retryAfterMs: outcome.retryAfterMs },
      'qr step completion failed, will retry',
    );
    await updateLeased(deps.store.db, key, ctx.owner, {
      next_check_at: now + outcome.retryAfterMs,
    });
    return;
  }
  if (outcome.kind === 'gone') {
    deps.logger.warn({ ...log, error: outcome.error }, 'qr step cannot be completed, giving up');
  } else {
    deps.logger.info(log, 'qr step completed');
  }
  // The token is of no use once the execution is over: it is not kept.
  await updateLeased(deps.store.db, key, ctx.owner, { step_completed_at: now, step_token: null });
}
