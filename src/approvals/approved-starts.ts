import type { Db } from '../store/database.js';
import { type ApprovalKey, type ApprovalRow, approvalDb } from './approval-row.js';

/**
 * How long an approved request's start belongs to whoever approved it (or last took it up)
 * before any replica's upkeep loop may take it up: far longer than a start takes, so a live
 * start is not raced, short enough that work approved just before a crash starts soon after.
 */
export const APPROVED_START_GRACE_MS = 60_000;

/**
 * Approved requests whose outcome was never settled (the process died between the decision and
 * the start, or before telling) and whose grace has passed, oldest first. Rows approved before
 * migration 0020 have no work id and are left alone: whether their work started is not known.
 */
export function approvedNotSettled(db: Db, now: number, limit = 50): Promise<ApprovalRow[]> {
  return approvalDb(db)
    .selectFrom('approval_requests')
    .selectAll()
    .where('state', '=', 'approved')
    .where('settled_at', 'is', null)
    .where('work_id', 'is not', null)
    .where('updated_at', '<=', now - APPROVED_START_GRACE_MS)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * Takes up one such request for another grace: one conditional UPDATE, so of replicas looking at
 * once exactly one gets the row back. (Starting twice is prevented anyway by the work's own id;
 * this keeps two replicas from checking the budget and telling people at the same time.)
 */
export function takeUpApproved(db: Db, k: ApprovalKey, now: number) {
  return approvalDb(db)
    .updateTable('approval_requests')
    .set({ updated_at: now })
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .where('state', '=', 'approved')
    .where('settled_at', 'is', null)
    .where('updated_at', '<=', now - APPROVED_START_GRACE_MS)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Approved work's outcome, claimed once: started (`note` undefined) or refused (with why, in
 * English). Resolves false when it was settled already, so nobody is told twice.
 */
export async function settleApproved(
  db: Db,
  k: ApprovalKey,
  now: number,
  note?: string,
): Promise<boolean> {
  const res = await approvalDb(db)
    .updateTable('approval_requests')
    .set({
      settled_at: now,
      updated_at: now,
      ...(note !== undefined ? { state: 'refused' as const, note } : {}),
    })
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .where('state', '=', 'approved')
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
