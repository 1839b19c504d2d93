import type { WebClient } from '@slack/web-api';
import { type ApprovalRow, approvalKeyOf, settleApproved } from '../../approvals/index.js';
import { translator } from '../../i18n/translator.js';
import { settle } from './settle.js';
import { type StartDeps, startApproved } from './start-approved.js';

/**
 * An approved request carried out: its work started (or refused) once, then every approver's
 * message edited and the asker told, once. Run by the approving click, and by any replica's
 * upkeep loop for a request approved by a process that died before settling it: the work's id
 * makes the start happen once, and the settle claim makes the telling happen once.
 */
export async function carryOutApproval(
  deps: StartDeps,
  client: WebClient,
  row: ApprovalRow,
): Promise<void> {
  const started = await startApproved(deps, client, row);
  const reason = started.notStarted;
  const note = reason?.(translator('en'));
  const key = approvalKeyOf(row);
  if (!(await settleApproved(deps.store.db, key, deps.clock().getTime(), note))) return;
  deps.logger.info(
    { team: row.workspace_id, request: row.request_id, by: started.by, started: !reason },
    'approved work settled',
  );
  await settle(deps, client, row, {
    state: reason ? 'refused' : 'approved',
    by: row.decided_by ?? '',
    ...(reason ? { reason } : {}),
  });
}
