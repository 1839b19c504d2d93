import type { Db } from '../store/database.js';
import {
  type ApprovalDm,
  type ApprovalKey,
  type ApprovalRequestsTable,
  type ApprovalRow,
  approvalDb,
} from './approval-row.js';

const DAY_MS = 86_400_000;
/** A request decided or expired is deleted this long after (docs/usage/approvals.md). */
export const APPROVAL_KEPT_MS = 30 * DAY_MS;

/**
 * The request, unless one with its id exists: its id is the preview's, so a second click on
 * **Ask for approval** (or a Slack retry) finds it taken and asks nobody twice.
 */
export async function insertApproval(db: Db, row: ApprovalRequestsTable): Promise<boolean> {
  const res = await approvalDb(db)
    .insertInto('approval_requests')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'request_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findApproval(db: Db, k: ApprovalKey): Promise<ApprovalRow | undefined> {
  return approvalDb(db)
    .selectFrom('approval_requests')
    .selectAll()
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .executeTakeFirst();
}

export async function saveDms(db: Db, k: ApprovalKey, dms: readonly ApprovalDm[]): Promise<void> {
  await approvalDb(db)
    .updateTable('approval_requests')
    .set({ dms_json: JSON.stringify(dms) })
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .execute();
}

/**
 * The first decision: one conditional UPDATE, so of two clicks, two approvers or two replicas
 * exactly one gets the row back; the others (and any click after the expiry) get undefined.
 */
export function decideApproval(
  db: Db,
  k: ApprovalKey,
  d: { state: 'approved' | 'denied' | 'withdrawn'; by: string; now: number },
): Promise<ApprovalRow | undefined> {
  return approvalDb(db)
    .updateTable('approval_requests')
    .set({ state: d.state, decided_by: d.by, updated_at: d.now })
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .where('state', '=', 'pending')
    .where('expires_at', '>', d.now)
    .returningAll()
    .executeTakeFirst();
}

/** Approved work that the asker's budget or "who may spend" refused at that moment. */
export async function markRefused(db: Db, k: ApprovalKey, note: string, now: number) {
  await approvalDb(db)
    .updateTable('approval_requests')
    .set({ state: 'refused', note, updated_at: now })
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .where('state', '=', 'approved')
    .execute();
}

/** Expires one request past its time; undefined when decided or expired by someone else first. */
export function expireApproval(db: Db, k: ApprovalKey, now: number) {
  return approvalDb(db)
    .updateTable('approval_requests')
    .set({ state: 'expired', updated_at: now })
    .where('workspace_id', '=', k.workspaceId)
    .where('request_id', '=', k.requestId)
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/** Pending requests past their expiry, oldest first. */
export function dueApprovals(db: Db, now: number, limit = 50): Promise<ApprovalRow[]> {
  return approvalDb(db)
    .selectFrom('approval_requests')
    .selectAll()
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Deletes requests decided or expired more than APPROVAL_KEPT_MS ago; pending ones stay. */
export async function pruneApprovals(db: Db, now: number): Promise<number> {
  const res = await approvalDb(db)
    .deleteFrom('approval_requests')
    .where('state', '!=', 'pending')
    .where('updated_at', '<', now - APPROVAL_KEPT_MS)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
