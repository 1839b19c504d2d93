import type { WebClient } from '@slack/web-api';
import {
  type ApprovalDm,
  type ApprovalWork,
  approvalKeyOf,
  findApproval,
  insertApproval,
  saveDms,
  workJson,
} from '../../approvals/index.js';
import { findExport, moveExport } from '../../exports/index.js';
import { translator } from '../../i18n/translator.js';
import { lastCharge } from '../../ledger/index.js';
import { fromCacheJson } from '../../store/shared-cache.js';
import { findSubscription, moveSubscription, pollsPerDay } from '../../subscriptions/index.js';
import { approvalAsked } from '../blocks/approval-message.js';
import { type Asker, notice, type SlackMessage } from '../blocks/message.js';
import type { ApprovalAsk } from '../blocks/values.js';
import type { SlackDeps } from '../context.js';
import { finish } from '../delivery/finish.js';
import { personLocale } from '../settings/language.js';
import { lastPollPrice } from '../subscriptions/subscription-source.js';
import { budgetLeft, dmOf, editDms } from './approval-dm.js';
import { approversFor, exportEstimate, needsApproval, rowsPerPage } from './approval-rules.js';

interface Asked {
  work: ApprovalWork;
  estimate: number | undefined;
  /** Uses the preview up (one request per preview); false when a second click did first. */
  dismiss(): Promise<boolean>;
}

/** The asker's open preview as work to approve, with its estimate now; undefined: out of date. */
async function previewed(deps: SlackDeps, who: Asker, v: ApprovalAsk): Promise<Asked | undefined> {
  const db = deps.store.db;
  const now = deps.clock().getTime();
  if (v.k === 'export') {
    const key = { workspaceId: who.teamId, exportId: v.id };
    const row = await findExport(db, key);
    if (row?.user_id !== who.userId || row.state !== 'preview') return undefined;
    const price = await lastCharge(db, who.teamId, row.kind);
    const perPage = rowsPerPage(row.kind, fromCacheJson(row.args_json));
    return {
      work: {
        v: 1,
        kind: 'export',
        export: {
          kind: row.kind,
          argsJson: row.args_json,
          csvBom: Number(row.csv_bom) === 0 ? 0 : 1,
          csvHeader: row.csv_header,
        },
      },
      estimate: exportEstimate(deps.config.export.maxRows, perPage, price),
      dismiss: () => moveExport(db, key, ['preview'], { state: 'dismissed', updated_at: now }),
    };
  }
  const key = { workspaceId: who.teamId, subscriptionId: v.id };
  const row = await findSubscription(db, key);
  if (row?.user_id !== who.userId || row.state !== 'preview') return undefined;
  const price = await lastPollPrice(deps, who.teamId);
  const s = { ownerId: row.owner_id, remark: row.remark, remarkTag: row.remark_tag };
  return {
    work: { v: 1, kind: 'subscription', subscription: { ...s, intervalMs: row.interval_ms } },
    estimate: price === undefined ? undefined : pollsPerDay(row.interval_ms) * price,
    dismiss: () => moveSubscription(db, key, ['preview'], { state: 'dismissed', updated_at: now }),
  };
}

/**
 * Whether the preview's work needs approval now (an admin may have set an amount, or a price
 * become known, since the preview was shown): Start export and Subscribe then start nothing.
 */
export async function needsApprovalNow(
  deps: SlackDeps,
  who: Asker,
  v: ApprovalAsk,
): Promise<boolean> {
  const { above } = await deps.settings.approvalRules(who.teamId);
  if (above === undefined) return false;
  const asked = await previewed(deps, who, v);
  return asked !== undefined && needsApproval(above, asked.estimate);
}

/**
 * **Ask for approval**: the request is stored (its id the preview's, so a second click asks
 * nobody twice), the preview is used up, each approver but the asker gets a direct message in
 * their language, and the asker's answer says to whom it went, with **Withdraw**. Resolves with
 * that answer (to put in place of the preview), or undefined when another click did it.
 */
export async function askForApproval(
  deps: SlackDeps,
  client: WebClient,
  who: Asker,
  v: ApprovalAsk,
): Promise<SlackMessage | undefined> {
  const t = translator(await personLocale(deps, client, who.teamId, who.userId));
  const asked = await previewed(deps, who, v);
  if (!asked) return finish(deps, notice(t('lookup.outOfDate')), t);
  const approvers = await approversFor(deps, client, who.teamId, who.userId);
  if (approvers.length === 0) return finish(deps, notice(t('approvals.preview.nobody')), t);
  // Only the click that uses the preview up asks: a second click or a Slack retry stops here.
  if (!(await asked.dismiss())) return undefined;
  const now = deps.clock().getTime();
  const inserted = await insertApproval(deps.store.db, {
    workspace_id: who.teamId,
    request_id: v.id,
    work_json: workJson(asked.work),
    user_id: who.userId,
    channel_id: who.channelId,
    estimate: asked.estimate ?? null,
    approvers_json: JSON.stringify(approvers),
    dms_json: '[]',
    state: 'pending',
    decided_by: null,
    note: null,
    created_at: now,
    expires_at: now + deps.config.approval.timeoutMs,
    updated_at: now,
  });
  if (!inserted) return undefined;
  const row = await findApproval(deps.store.db, { workspaceId: who.teamId, requestId: v.id });
  if (!row) return undefined;
  const left = await budgetLeft(deps, who.teamId);
  const dms: ApprovalDm[] = [];
  for (const approver of approvers) {
    try {
      const locale = await personLocale(deps, client, who.teamId, approver);
      const posted = await client.chat.postMessage({
        channel: approver,
        ...dmOf(deps, row, locale, left),
      });
      if (posted.channel && posted.ts) {
        dms.push({ user: approver, channel: posted.channel, ts: posted.ts, locale });
      }
    } catch (err) {
      deps.logger.warn({ err, request: v.id }, 'approval request not sent to one approver');
    }
  }
  await saveDms(deps.store.db, approvalKeyOf(row), dms);
  // A decision made while the messages were being sent edited only those saved by then.
  const after = await findApproval(deps.store.db, approvalKeyOf(row));
  if (after && after.state !== 'pending') {
    const note = after.note;
    await editDms(deps, client, after, {
      state: after.state,
      by: after.decided_by ?? '',
      ...(note ? { reason: () => note } : {}),
    });
  }
  deps.logger.info(
    { team: who.teamId, request: v.id, kind: v.k, approvers: dms.length },
    'approval asked',
  );
  const sentTo = dms.length > 0 ? dms.map((d) => d.user) : approvers;
  return finish(deps, approvalAsked({ requestId: v.id, approvers: sentTo, t }), t);
}
