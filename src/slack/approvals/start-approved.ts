import type { WebClient } from '@slack/web-api';
import { type ApprovalRow, readWork } from '../../approvals/index.js';
import { insertExport } from '../../exports/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
import { dayRange, lastCharge } from '../../ledger/index.js';
import { insertSubscription } from '../../subscriptions/index.js';
import { refusal, UserFacingError } from '../blocks/error-card.js';
import type { Asker } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import { previewExportRow } from '../exports/export-command.js';
import { launchExport } from '../exports/launch-export.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import { launchSubscription } from '../subscriptions/launch-subscription.js';
import { previewRow } from '../subscriptions/subscribe-command.js';
import { lastPollPrice } from '../subscriptions/subscription-source.js';

/** Why approved work did not start, readable in any language. */
export type NotStarted = (t: Translate) => string;

const why =
  (err: UserFacingError): NotStarted =>
  (t) => {
    const w = err.words?.(t) ?? { title: err.title, detail: err.detail };
    return `${w.title}. ${w.detail}`;
  };

/** The budget as the work's first call would meet it: refused when that call would pass it. */
async function checkBudget(deps: SlackDeps, teamId: string, price: number | undefined) {
  const budget = await deps.dailyBudget(teamId);
  if (budget === undefined) return;
  const zone = deps.config.spendSummary.timeZone;
  const now = deps.clock();
  const spent = await deps.ledger.spentOnDay({ workspaceId: teamId, day: now, timeZone: zone });
  if (price === undefined ? spent < budget : spent + price <= budget) return;
  const resets = instantToWallClock(dayRange(now, zone).end, zone);
  throw refusal(
    (t) => ({
      title: t('lookup.budget.title'),
      detail: t('lookup.budget.detail', { spent, budget, resets, timeZone: zone }),
    }),
    'budget',
  );
}

/**
 * Approved work, started exactly as the asker's own click would: as the asker, in the asker's
 * channel, with who may spend and the budget checked for them now (not for the approver).
 * Resolves undefined once started, or why it did not (then nothing was started).
 */
export async function startApproved(
  deps: SlackDeps,
  client: WebClient,
  row: ApprovalRow,
  approver: string,
): Promise<NotStarted | undefined> {
  const work = readWork(row.work_json);
  if (!work) return (t) => t('lookup.outOfDate');
  const asker: Asker = {
    teamId: row.workspace_id,
    userId: row.user_id,
    channelId: row.channel_id,
    approvedBy: approver,
  };
  const now = deps.clock().getTime();
  try {
    await checkWhoMaySpend(deps, asker);
    if (work.kind === 'export') {
      const e = work.export;
      await checkBudget(deps, asker.teamId, await lastCharge(deps.store.db, asker.teamId, e.kind));
      const exportRow = {
        ...previewExportRow(asker, e.kind, e.argsJson, now),
        csv_bom: e.csvBom,
        csv_header: e.csvHeader,
        approved_by: approver,
      };
      await insertExport(deps.store.db, exportRow);
      const outcome = await launchExport(deps, client, exportRow, ['preview']);
      return outcome && outcome !== 'started' ? (t) => t(outcome) : undefined;
    }
    await checkBudget(deps, asker.teamId, await lastPollPrice(deps, asker.teamId));
    const s = work.subscription;
    const subscription = {
      ...previewRow(
        asker,
        {
          ownerId: s.ownerId,
          intervalMs: s.intervalMs,
          ...(s.remark !== null ? { remark: s.remark } : {}),
          ...(s.remarkTag !== null ? { remarkTag: s.remarkTag } : {}),
        },
        now,
      ),
      approved_by: approver,
    };
    await insertSubscription(deps.store.db, subscription);
    const outcome = await launchSubscription(deps, client, subscription);
    return outcome === 'subscriptions.cannotPost' ? (t) => t(outcome) : undefined;
  } catch (err) {
    if (err instanceof UserFacingError) return why(err);
    throw err;
  }
}
