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
import { refusal, UserFacingError } from '../blocks/error-card.js';
import type { Asker } from '../blocks/message.js';
import type { SlackDeps } from '../context.js';
import type { AppDeps } from '../deps.js';
import { previewExportRow } from '../exports/export-command.js';
import { launchExport } from '../exports/launch-export.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import { launchSubscription } from '../subscriptions/launch-subscription.js';
import { previewRow } from '../subscriptions/subscribe-command.js';
import { lastPollPrice } from '../subscriptions/subscription-source.js';

/** What starting approved work needs: no listener's own parts, so any replica's loop can. */
export type StartDeps = AppDeps & Pick<SlackDeps, 'exportRunner'>;

/** Why approved work did not start, readable in any language. */
export type NotStarted = (t: Translate) => string;

const why =
  (err: UserFacingError): NotStarted =>
  (t) => {
    const w = err.words?.(t) ?? { title: err.title, detail: err.detail };
    return `${w.title}. ${w.detail}`;
  };

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
interface WorkUnderId {
  /** Its state, the row inserted first if it was not yet. */
  stateNow(): Promise<string | undefined>;
  rules(): Promise<void>;
  start(): Promise<'started' | NotStarted | undefined>;
  callOff(): Promise<boolean>;
}

function workUnderId(
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

/** What came of approved work: who settled it (this call, or someone before), and how. */
export interface Started {
  by: 'us' | 'elsewhere';
  /** undefined: started; else why not (then nothing was started). */
  notStarted?: NotStarted;
}

/** Work someone else moved out of its preview: refused when they called it off, else started. */
async function elsewhere(work: WorkUnderId): Promise<Started> {
  const state = await work.stateNow();
  return state === 'dismissed'
    ? { by: 'elsewhere', notStarted: (t) => t('approvals.refused.failed') }
    : { by: 'elsewhere' };
}

/**
 * Approved work, started exactly as the asker's own click would: as the asker, in the asker's
 * channel, with who may spend and the budget checked for them now (not for the approver).
 * The work's row is inserted under the id the approval chose and only a move out of its
 * "preview" starts or refuses it, so of a click, a restart and any replica exactly one does
 * either, once; the others learn `by: 'elsewhere'`.
 */
export async function startApproved(
  deps: StartDeps,
  client: WebClient,
  row: ApprovalRow,
): Promise<Started> {
  const work = row.work_id ? workUnderId(deps, client, row, row.work_id) : undefined;
  if (!work) return { by: 'us', notStarted: (t) => t('lookup.outOfDate') };
  if ((await work.stateNow()) !== 'preview') return elsewhere(work);
  try {
    await checkWhoMaySpend(deps, {
      teamId: row.workspace_id,
      userId: row.user_id,
      channelId: row.channel_id,
    });
    await work.rules();
  } catch (err) {
    if (!(err instanceof UserFacingError)) throw err;
    return (await work.callOff()) ? { by: 'us', notStarted: why(err) } : elsewhere(work);
  }
  let outcome: Awaited<ReturnType<WorkUnderId['start']>>;
  try {
    outcome = await work.start();
  } catch (err) {
    // The store or Slack failing mid-start: called off if it had not moved yet (both are told);
    // if it had, its own recovery (an export's start grace, a subscription's lease) finishes it.
    deps.logger.error({ err, request: row.request_id }, 'approved work not started cleanly');
    if (await work.callOff()) return { by: 'us', notStarted: (t) => t('approvals.refused.failed') };
    return { by: 'us' };
  }
  if (outcome === undefined) return elsewhere(work);
  return outcome === 'started' ? { by: 'us' } : { by: 'us', notStarted: outcome };
}
