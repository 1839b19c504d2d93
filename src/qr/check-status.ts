import { CallWithdrawn } from '../gateway/call.js';
import { GatewayBusyError, GatewayError, GatewayInputError } from '../gateway/errors.js';
import { isFinalQrStatus } from '../gateway/operations/index.js';
import { jittered, nextBaseGap } from './schedule.js';
import { editOwed, type QrSessionRow, stepOwed } from './session-row.js';
import { type SessionKey, updateLeased } from './session-store.js';
import type { WorkContext } from './work-context.js';

/** When watching this session ends. */
export function watchEnd(row: QrSessionRow, timeoutMs: number): number {
  return row.watch_until ?? Number(row.created_at) + timeoutMs;
}

/** After this row is stored, workOnSession has nothing more to do for it: no edit, no step. */
function nothingOwedAfter(row: QrSessionRow): boolean {
  return row.watch_state === 'watching' && !editOwed(row) && !stepOwed(row);
}

/** Until when this session's checks are dense (rows from before 0005: the first minute). */
export function denseEnd(row: QrSessionRow, denseMs: number): number {
  return row.dense_until ?? Number(row.created_at) + denseMs;
}

/**
 * One status check (operation 3) of a leased session and its stored outcome. Charges reach the
 * ledger through the gateway client's charge listener; a status 3 arrives there as the refund.
 * Returns the row as stored afterwards, or undefined when the lease was lost meanwhile.
 */
export async function checkStatus(
  ctx: WorkContext,
  row: QrSessionRow,
  opts: { interactive?: boolean; handingBack?: () => void; mayStillSend?: () => boolean } = {},
): Promise<QrSessionRow | undefined> {
  const { deps, schedule } = ctx;
  const key: SessionKey = { workspaceId: row.workspace_id, sessionId: row.session_id };
  const who = { teamId: row.workspace_id, userId: row.user_id, channelId: row.channel_id };
  const until = watchEnd(row, ctx.timeoutMs);
  const base = nextBaseGap(
    schedule,
    row.interval_ms,
    deps.clock().getTime(),
    denseEnd(row, schedule.denseMs),
  );
  const later = (t: number) => Math.min(until, t + jittered(schedule, base, ctx.random));
  let patch: Partial<QrSessionRow>;
  try {
    const answer = await deps.checkStatus(who, row.session_id, opts);
    const t = deps.clock().getTime();
    // The next check is counted from when this one left, not from its answer: a slow answer (or
    // its charge's write) must not push every later check back. Never before now.
    const sentAt = Math.min(t, t - (answer.sinceSentMs ?? 0));
    const { status } = answer.data;
    const final = isFinalQrStatus(status);
    patch = {
      state: status,
      checks_made: row.checks_made + 1,
      points_charged: row.points_charged + (answer.kind === 'charge' ? answer.points : 0),
      last_checked_at: t,
      checked_by: ctx.owner,
      watch_state: final ? 'done' : 'watching',
      interval_ms: base,
      next_check_at: final ? t : Math.max(t, later(sentAt)),
      updated_at: t,
    };
    if (status !== row.state) {
      deps.logger.info(
        {
          sessionId: row.session_id,
          workspaceId: row.workspace_id,
          status,
          checks: patch.checks_made,
        },
        'qr status changed',
      );
    }
  } catch (err) {
    if (err instanceof CallWithdrawn) {
      // The lease may have gone while the check waited its turn: nothing was sent, and nothing
      // is written, so the session stays due for whoever holds it next.
      deps.logger.warn({ sessionId: row.session_id }, 'qr check withdrawn: its lease may be gone');
      return undefined;
    }
    const t = deps.clock().getTime();
    // Refused before sending (budget, full queue, bad input) costs nothing and is no check.
    const sent =
      err instanceof GatewayError &&
      !(err instanceof GatewayBusyError) &&
      !(err instanceof GatewayInputError);
    deps.logger.warn(
      { err, sessionId: row.session_id, workspaceId: row.workspace_id },
      'qr status check failed',
    );
    patch = {
      checks_made: row.checks_made + (sent ? 1 : 0),
      points_charged: row.points_charged + (err instanceof GatewayError ? err.charged : 0),
      interval_ms: base,
      next_check_at: later(t),
      updated_at: t,
    };
  }
  if (opts.handingBack && nothingOwedAfter({ ...row, ...patch })) {
    // The usual check (status unchanged, still watching): the lease goes back with its result.
    opts.handingBack();
    patch = { ...patch, lease_owner: null, lease_until: null };
  }
  const kept = await updateLeased(deps.store.db, key, ctx.owner, patch);
  if (!kept) {
    deps.logger.warn({ sessionId: row.session_id }, 'qr lease lost before saving a check');
    return undefined;
  }
  return { ...row, ...patch };
}
