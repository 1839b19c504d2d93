import type { WebClient } from '@slack/web-api';
import type { ApprovalWorkKind } from '../../approvals/index.js';
import type { ApprovalGate } from '../blocks/approval-message.js';
import type { Asker } from '../blocks/message.js';
import { approvalAskValue } from '../blocks/values.js';
import type { AppDeps } from '../deps.js';
import { approversFor, needsApproval } from './approval-rules.js';

/**
 * What a preview shows when its work needs approval (undefined: it does not, and the preview
 * keeps its Start export / Subscribe): the estimate, the amount, and **Ask for approval** unless
 * nobody but the asker could approve.
 */
export async function previewGate(
  deps: Pick<AppDeps, 'settings'>,
  client: WebClient,
  who: Asker,
  work: { kind: ApprovalWorkKind; id: string; estimate: number | undefined },
): Promise<ApprovalGate | undefined> {
  const { above } = await deps.settings.approvalRules(who.teamId);
  if (above === undefined || !needsApproval(above, work.estimate)) return undefined;
  const approvers = await approversFor(deps, client, who.teamId, who.userId);
  return {
    estimate: work.estimate,
    above,
    ...(approvers.length > 0 ? { askValue: approvalAskValue({ k: work.kind, id: work.id }) } : {}),
  };
}
