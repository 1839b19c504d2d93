import type { WebClient } from '@slack/web-api';
import { type ApprovalDm, type ApprovalRow, dmsOf, readWork } from '../../approvals/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { translator } from '../../i18n/translator.js';
import { type ApprovalOutcome, approvalDm } from '../blocks/approval-message.js';
import type { SlackMessage } from '../blocks/message.js';
import { finish } from '../delivery/finish.js';
import type { AppDeps } from '../deps.js';
import { whatWords } from './work-words.js';

/** Points the workspace may still spend today; undefined when it has no daily budget. */
export async function budgetLeft(deps: AppDeps, teamId: string): Promise<number | undefined> {
  const budget = await deps.dailyBudget(teamId);
  if (budget === undefined) return undefined;
  const spent = await deps.ledger.spentOnDay({
    workspaceId: teamId,
    day: deps.clock(),
    timeZone: deps.config.spendSummary.timeZone,
  });
  return Math.max(0, budget - spent);
}

/** One approver's direct message for `row`, in `locale`; decided: who decided what, no buttons. */
export function dmOf(
  deps: AppDeps,
  row: ApprovalRow,
  locale: Locale,
  left: number | undefined,
  decided?: { state: ApprovalOutcome; by?: string; reason?: string },
): SlackMessage {
  const t = translator(locale);
  const work = readWork(row.work_json);
  const zone = deps.config.gateway.timeZone;
  const message = approvalDm({
    requestId: row.request_id,
    asker: row.user_id,
    channel: row.channel_id,
    what: work ? whatWords(work, t) : '—',
    estimate: row.estimate === null ? undefined : Number(row.estimate),
    left,
    expiresAt: instantToWallClock(new Date(Number(row.expires_at)), zone),
    timeZone: zone,
    ...(decided ? { decided } : {}),
    t,
  });
  return finish(deps, message, t);
}

/**
 * Every approver's message edited to say who decided what (each in the language it was sent in).
 * An edit Slack refuses is logged; the decision stands.
 */
export async function editDms(
  deps: AppDeps,
  client: WebClient,
  row: ApprovalRow,
  decided: { state: ApprovalOutcome; by?: string; reason?: (l: Locale) => string },
): Promise<void> {
  const left = await budgetLeft(deps, row.workspace_id).catch(() => undefined);
  await Promise.all(
    dmsOf(row).map(async (dm: ApprovalDm) => {
      const locale = isLocale(dm.locale) ? dm.locale : 'en';
      const reason = decided.reason?.(locale);
      const message = dmOf(deps, row, locale, left, {
        state: decided.state,
        ...(decided.by ? { by: decided.by } : {}),
        ...(reason ? { reason } : {}),
      });
      await client.chat
        .update({ channel: dm.channel, ts: dm.ts, ...message })
        .catch((err: unknown) =>
          deps.logger.warn({ err, request: row.request_id }, 'approval message not edited'),
        );
    }),
  );
}
