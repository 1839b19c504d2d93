import { checkStatus, watchEnd } from './check-status.js';
import { completeStep } from './complete-step.js';
import { editMessage } from './edit-message.js';
import { editOwed, type QrSessionRow, stepOwed } from './session-row.js';
import { updateLeased } from './session-store.js';
import type { WorkContext } from './work-context.js';

/** Whether a freshly claimed row still has work now (another worker may have just done it). */
export function hasWork(row: QrSessionRow, now: number, timeoutMs: number): boolean {
  if (row.watch_state === 'watching') {
    if (row.next_check_at <= now || watchEnd(row, timeoutMs) <= now) return true;
  }
  if (stepOwed(row) && row.next_check_at <= now) return true;
  return (
    row.message_ts !== null &&
    editOwed(row) &&
    (row.edit_not_before === null || row.edit_not_before <= now)
  );
}

/**
 * Everything owed to one leased session now: end its watch or check it (at once when `force`, as
 * after a click), then fix its message, then complete the workflow step waiting for it. No paid
 * check once `stopping()` (the lease may be gone). A check after which nothing more is owed frees
 * the lease in the write that stores it (`handingBack`, see store/leased-loop.ts).
 */
export async function workOnSession(
  ctx: WorkContext,
  claimed: QrSessionRow,
  force: boolean,
  stopping: () => boolean,
  handingBack?: () => void,
): Promise<void> {
  const { deps } = ctx;
  let row: QrSessionRow | undefined = claimed;
  const now = deps.clock().getTime();
  if (row.watch_state === 'watching') {
    if (watchEnd(row, ctx.timeoutMs) <= now) {
      const key = { workspaceId: row.workspace_id, sessionId: row.session_id };
      const patch = { watch_state: 'timed_out' as const, updated_at: now };
      row = (await updateLeased(deps.store.db, key, ctx.owner, patch))
        ? { ...row, ...patch }
        : undefined;
      deps.logger.info({ sessionId: claimed.session_id }, 'qr watch timed out');
    } else if ((force || row.next_check_at <= now) && !stopping()) {
      row = await checkStatus(ctx, row, {
        interactive: force,
        handingBack,
        mayStillSend: () => !stopping(),
      });
    }
  }
  if (!row) return;
  if (editOwed(row) && (row.edit_not_before ?? 0) <= deps.clock().getTime()) {
    await editMessage(ctx, row);
  }
  // After the edit: a later step that reads the channel finds the final status there. Not while
  // stopping: with the lease perhaps gone, another watcher may be completing it too.
  if (stepOwed(row) && row.next_check_at <= deps.clock().getTime() && !stopping()) {
    await completeStep(ctx, row);
  }
}
