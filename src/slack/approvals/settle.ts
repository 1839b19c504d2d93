import type { WebClient } from '@slack/web-api';
import { type ApprovalRow, readWork } from '../../approvals/index.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { type ApprovalOutcome, approvalOutcome } from '../blocks/approval-message.js';
import type { SlackMessage } from '../blocks/message.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import type { AppDeps } from '../deps.js';
import { personLocale } from '../settings/language.js';
import { editDms } from './approval-dm.js';
import type { NotStarted } from './start-approved.js';
import { whatWords } from './work-words.js';

/** What the asker reads of the outcome, in their language. */
async function askerMessage(
  deps: AppDeps,
  client: WebClient,
  row: ApprovalRow,
  o: { state: ApprovalOutcome; by: string; reason?: NotStarted },
): Promise<{ message: SlackMessage; t: Translate }> {
  const t = translator(await personLocale(deps, client, row.workspace_id, row.user_id));
  const work = readWork(row.work_json);
  const what = work ? whatWords(work, t) : '—';
  const reason = o.reason?.(t);
  const message = approvalOutcome({
    state: o.state,
    by: o.by,
    what,
    ...(reason ? { reason } : {}),
    t,
  });
  return { message: finish(deps, message, t), t };
}

/**
 * A decided request's ends: every approver's message edited to say who decided what, and the
 * asker told privately in the channel where they asked (unless `askerAnswered`: a withdrawal
 * answers in place of the asker's own message).
 */
export async function settle(
  deps: AppDeps,
  client: WebClient,
  row: ApprovalRow,
  o: { state: ApprovalOutcome; by: string; reason?: NotStarted },
  askerAnswered = false,
): Promise<SlackMessage | undefined> {
  const reason = o.reason;
  await editDms(deps, client, row, {
    state: o.state,
    by: o.by,
    ...(reason ? { reason: (l) => reason(translator(l)) } : {}),
  });
  const told = await askerMessage(deps, client, row, o);
  if (askerAnswered) return told.message;
  const who = { teamId: row.workspace_id, userId: row.user_id, channelId: row.channel_id };
  await deliverPrivately({
    client,
    who,
    message: told.message,
    t: told.t,
    logger: deps.logger,
  }).catch((err: unknown) => deps.logger.warn({ err }, 'asker not told of the approval'));
  return undefined;
}
