import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import {
  type ApprovalRow,
  approvalKeyOf,
  approversOf,
  decideApproval,
  expireApproval,
  findApproval,
} from '../../approvals/index.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';
import type { AppDeps } from '../deps.js';
import { personLocale } from '../settings/language.js';
import { carryOutApproval } from './carry-out.js';
import { settle } from './settle.js';

export type Decision = 'approved' | 'denied' | 'withdrawn';

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
    ...(decision === 'approved' ? { workId: randomUUID() } : {}),
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
  // Dying before this settles leaves the request approved and unsettled: any replica's upkeep
  // loop carries it out after APPROVED_START_GRACE_MS (expiry.ts), under the same work id.
  await carryOutApproval(deps, client, won).catch((err: unknown) =>
    deps.logger.error({ err, request: requestId }, 'approved work not carried out yet'),
  );
  return undefined;
}
