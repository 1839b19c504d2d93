import type { WebClient } from '@slack/web-api';
import { type ApprovalRow, readWork } from '../../approvals/index.js';
import { findExport, insertExportOnce, moveExport } from '../../exports/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
import { dayRange, lastCharge } from '../../ledger/index.js';
import {
  findSubscription,
  insertSubscriptionOnce,
  moveSubscription,
} from '../../subscriptions/index.js';
import { refusal } from '../blocks/error-card.js';
import type { Asker } from '../blocks/message.js';
import { previewExportRow } from '../exports/export-command.js';
import { launchExport } from '../exports/launch-export.js';
import { launchSubscription } from '../subscriptions/launch-subscription.js';
import { previewRow } from '../subscriptions/subscribe-command.js';
import { lastPollPrice } from '../subscriptions/subscription-source.js';
import type { NotStarted, StartDeps } from './start-approved.js';

/** The budget as the work's first call would meet it: refused when that call would pass it. */
async function checkBudget(deps: StartDeps, teamId: string, price: number | undefined) {
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
 * One piece of approved work under the id its approval chose: its row (inserted once), whether
 * it is still waiting to start, how to start it, and how to call it off.
 */
export interface WorkUnderId {
  /** Its state, the row inserted first if it was not yet. */
  stateNow(): Promise<string | undefined>;
  rules(): Promise<void>;
  start(): Promise<'started' | NotStarted | undefined>;
  callOff(): Promise<boolean>;
}

export function workUnderId(
  deps: StartDeps,
  client: WebClient,
  row: ApprovalRow,
  workId: string,
): WorkUnderId | undefined {
  const work = readWork(row.work_json);
  if (!work) return undefined;
  const db = deps.store.db;
  const approver = row.decided_by ?? '';
  const asker: Asker = {
    teamId: row.workspace_id,
    userId: row.user_id,
    channelId: row.channel_id,
    approvedBy: approver,
  };
  const now = deps.clock().getTime();
  const dismissed = { state: 'dismissed' as const, updated_at: now };
  if (work.kind === 'export') {
    const e = work.export;
    const key = { workspaceId: asker.teamId, exportId: workId };
    const exportRow = {
      ...previewExportRow(asker, e.kind, e.argsJson, now),
      export_id: workId,
      csv_bom: e.csvBom,
      csv_header: e.csvHeader,
      approved_by: approver,
    };
    return {
      stateNow: async () => {
        await insertExportOnce(db, exportRow);
        return (await findExport(db, key))?.state;
      },
      rules: async () =>
        checkBudget(deps, asker.teamId, await lastCharge(db, asker.teamId, e.kind)),
      start: async () => {
        const outcome = await launchExport(deps, client, exportRow, ['preview']);
        return outcome && outcome !== 'started' ? (t: Translate) => t(outcome) : outcome;
      },
      callOff: () => moveExport(db, key, ['preview'], dismissed),
    };
  }
  const s = work.subscription;
  const key = { workspaceId: asker.teamId, subscriptionId: workId };
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
    subscription_id: workId,
    approved_by: approver,
  };
  return {
    stateNow: async () => {
      await insertSubscriptionOnce(db, subscription);
      return (await findSubscription(db, key))?.state;
    },
    rules: async () => checkBudget(deps, asker.teamId, await lastPollPrice(deps, asker.teamId)),
    start: async () => {
      const outcome = await launchSubscription(deps, client, subscription);
      return outcome === 'subscriptions.cannotPost' ? (t: Translate) => t(outcome) : outcome;
    },
    callOff: () => moveSubscription(db, key, ['preview'], dismissed),
  };
}
