import { askForApproval } from '../approvals/ask.js';
import { type Decision, decideRequest } from '../approvals/decide.js';
import { readApprovalAsk, readUuid } from '../blocks/values.js';
import { type ActionDef, clickerOf, tellOutOfDate } from './action.js';

/** **Ask for approval** on an export's or a subscription's preview (see approvals/ask.ts). */
export const approvalAsk = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const value = readApprovalAsk(args.action.value);
    if (!value) return tellOutOfDate(args, deps);
    const who = clickerOf(args.body);
    const answer = await askForApproval(deps, args.client, who, value);
    if (!answer) return;
    await args.respond({ ...answer, response_type: 'ephemeral', replace_original: true });
  },
});

/** **Approve**, **Deny** (an approver's direct message) and **Withdraw** (the asker's answer). */
export const approvalDecision = (actionId: string, decision: Decision): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const requestId = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!requestId) return tellOutOfDate(args, deps);
    const answer = await decideRequest(deps, args.client, who, requestId, decision);
    if (!answer) return;
    await args.respond({
      ...answer.message,
      response_type: 'ephemeral',
      replace_original: answer.replace,
    });
  },
});
