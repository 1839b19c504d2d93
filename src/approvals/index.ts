export type {
  ApprovalDm,
  ApprovalKey,
  ApprovalRequestsTable,
  ApprovalRow,
  ApprovalState,
} from './approval-row.js';
export { approvalKeyOf, approversOf, dmsOf } from './approval-row.js';
export {
  APPROVAL_KEPT_MS,
  decideApproval,
  dueApprovals,
  expireApproval,
  findApproval,
  insertApproval,
  markRefused,
  pruneApprovals,
  saveDms,
} from './approval-store.js';
export { ApprovalWork, type ApprovalWorkKind, readWork, workJson } from './work.js';
