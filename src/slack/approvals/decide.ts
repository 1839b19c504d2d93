import type { WebClient } from '@slack/web-api';
import {
  type ApprovalRow,
  approvalKeyOf,
  approversOf,
  decideApproval,
  expireApproval,
  findApproval,
  markRefused,
  readWork,
} from '../../approvals/index.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { type ApprovalOutcome, approvalOutcome } from '../blocks/approval-message.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import type { AppDeps } from '../deps.js';
import { personLocale } from '../settings/language.js';
import { editDms } from './approval-dm.js';
import { type NotStarted, startApproved } from './start-approved.js';
import { whatWords } from './work-words.js';

export type Decision = 'approved' | 'denied' | 'withdrawn';

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

/** A pending request past its time, expired once (whichever replica or click gets there). */
export async function expireOne(deps: AppDeps, client: WebClient, row: ApprovalRow) {
  const expired = await expireApproval(deps.store.db, approvalKeyOf(row), deps.clock().getTime());
  if (!expired) return false;
  deps.logger.info({ team: row.workspace_id, request: row.request_id }, 'approval expired');
  await settle(deps, client, expired, { state: 'expired', by: '' });
  return true;
}

/**
 * Approve, Deny (by an approver other than the asker) or Withdraw (by the asker): the first
 * decision wins (one conditional update in the store), the others change nothing and say so.
 * Resolves with what the clicker reads: for a withdrawal, in place of their message.
 */
export async function decideRequest(
  deps: SlackDeps,
  client: WebClient,
  clicker: { teamId: string; userId: string },
  requestId: string,
  decision: Decision,
): Promise<{ message: SlackMessage; replace: boolean } | undefined> {
  const t = translator(await personLocale(deps, client, clicker.teamId, clicker.userId));
  const answer = (key: Parameters<Translate>[0], replace = false) => ({
    message: finish(deps, notice(t(key)), t),
    replace,
  });
  const key = { workspaceId: clicker.teamId, requestId };
  const row = await findApproval(deps.store.db, key);
  if (!row) return answer('lookup.outOfDate');
  if (decision === 'withdrawn' && row.user_id !== clicker.userId) return answer('lookup.outOfDate');
  if (decision !== 'withdrawn') {
    if (row.user_id === clicker.userId) return answer('approvals.click.own');
    if (!approversOf(row).includes(clicker.userId)) return answer('approvals.click.notApprover');
  }
  const now = deps.clock().getTime();
  const won = await decideApproval(deps.store.db, key, {
    state: decision,
    by: clicker.userId,
    now,
  });
  if (!won) {
    const expiredNow = row.state === 'pending' && Number(row.expires_at) <= now;
    if (expiredNow) await expireOne(deps, client, row);
    const later = expiredNow ? undefined : await findApproval(deps.store.db, key);
    return answer(
      later?.state === 'expired' || expiredNow
        ? 'approvals.click.expired'
        : 'approvals.click.decided',
    );
  }
  deps.logger.info(
    { team: clicker.teamId, request: requestId, decision, by: clicker.userId },
    'approval decided',
  );
  if (decision === 'withdrawn') {
    const message = await settle(
      deps,
      client,
      won,
      { state: 'withdrawn', by: clicker.userId },
      true,
    );
    return message ? { message, replace: true } : undefined;
  }
  if (decision === 'denied') {
    await settle(deps, client, won, { state: 'denied', by: clicker.userId });
    return undefined;
  }
  const reason = await startApproved(deps, client, won, clicker.userId).catch((err: unknown) => {
    // The store or Slack failing here: both are told, rather than left with a silent approval.
    deps.logger.error({ err, request: requestId }, 'approved work not started');
    return ((tr: Translate) => tr('approvals.refused.failed')) satisfies NotStarted;
  });
  if (reason)
    await markRefused(deps.store.db, key, reason(translator('en')), deps.clock().getTime());
  await settle(deps, client, won, {
    state: reason ? 'refused' : 'approved',
    by: clicker.userId,
    ...(reason ? { reason } : {}),
  });
  return undefined;
}
