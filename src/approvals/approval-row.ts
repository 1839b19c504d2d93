import type { Selectable } from 'kysely';
import type { Db } from '../store/database.js';

/**
 * `pending` until the first decision: `approved` (the work was started as the asker),
 * `refused` (approved, but the asker's budget or "who may spend" refused it then), `denied`,
 * `withdrawn` by the asker, or `expired` after APPROVAL_TIMEOUT_MS. Only `pending` ever moves.
 */
export type ApprovalState = 'pending' | 'approved' | 'refused' | 'denied' | 'withdrawn' | 'expired';

/** The `approval_requests` table (migration 0019). */
export interface ApprovalRequestsTable {
  workspace_id: string;
  request_id: string;
  /** What to start once approved: an `ApprovalWork`, JSON (see work.ts). */
  work_json: string;
  /** The asker: the work starts as them. */
  user_id: string;
  /** Where they asked: the work starts there, and they are told there. */
  channel_id: string;
  /** The most the work can cost, in points; null when its price is not known yet. */
  estimate: number | null;
  /** JSON array of the user ids asked (the asker never among them). */
  approvers_json: string;
  /** JSON array of `ApprovalDm`: each approver's direct message, to edit once decided. */
  dms_json: string;
  state: ApprovalState;
  decided_by: string | null;
  /** Why approved work did not start (`refused`), in the asker's words. */
  note: string | null;
  created_at: number;
  expires_at: number;
  updated_at: number;
}

export type ApprovalRow = Selectable<ApprovalRequestsTable>;

/** One approver's direct message: where it is, and the language it was written in. */
export interface ApprovalDm {
  user: string;
  channel: string;
  ts: string;
  locale: string;
}

export interface ApprovalKey {
  workspaceId: string;
  requestId: string;
}

export const approvalKeyOf = (r: ApprovalRow): ApprovalKey => ({
  workspaceId: r.workspace_id,
  requestId: r.request_id,
});

export function approvalDb(db: Db) {
  return db.withTables<{ approval_requests: ApprovalRequestsTable }>();
}

function list<T>(json: string): T[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

export const approversOf = (r: ApprovalRow) =>
  list<unknown>(r.approvers_json).filter((x): x is string => typeof x === 'string');
export const dmsOf = (r: ApprovalRow) => list<ApprovalDm>(r.dms_json);
