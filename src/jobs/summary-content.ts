import type { Translate } from '../i18n/translator.js';
import type { SpendChartData, SpendChartLabels } from '../ledger/chart-spec.js';
import type { Ledger } from '../ledger/ledger.js';
import { spendPeriod } from '../ledger/period.js';
import { spendByDayAndOperation } from '../ledger/series.js';
import { operationWord } from '../slack/blocks/operation-words.js';
import { type SummaryData, summaryChartTitle } from '../slack/blocks/summary-message.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SummaryContentQuery {
  workspaceId: string;
  scheduledAt: Date;
  late: boolean;
  /** When it is being sent, for today's budget line. */
  now: Date;
  timeZone: string;
  budget?: number;
  sandbox: boolean;
  /** The summary channel's language (the workspace's). */
  t: Translate;
}

/**
 * Everything one summary shows, from the ledger: the 24 hours before the scheduled instant, the 24
 * before those, and the 7 local days up to it (the same window `/spend 7d` would use then).
 */
export async function summaryContent(
  ledger: Ledger,
  q: SummaryContentQuery,
): Promise<{ data: SummaryData; chart: SpendChartData; labels: SpendChartLabels }> {
  const { workspaceId, scheduledAt, timeZone, t } = q;
  const end = scheduledAt.getTime();
  const week = spendPeriod('7d', scheduledAt, timeZone);
  const [last24, previous, weekReport, chart, spentToday] = await Promise.all([
    ledger.spend({ workspaceId, from: new Date(end - DAY_MS), to: scheduledAt, timeZone }),
    ledger.spend({
      workspaceId,
      from: new Date(end - 2 * DAY_MS),
      to: new Date(end - DAY_MS),
      timeZone,
    }),
    ledger.spend({ workspaceId, from: week.from, to: week.to, timeZone }),
    spendByDayAndOperation(
      ledger,
      { workspaceId, from: week.from, to: week.to, timeZone },
      (operation) => operationWord(operation, t),
    ),
    ledger.spentOnDay({ workspaceId, day: q.now, timeZone }),
  ]);
  const data: SummaryData = {
    scheduledAt,
    late: q.late,
    timeZone,
    last24,
    previousNet: previous.net,
    week: weekReport,
    budget: q.budget,
    spentToday,
    sandbox: q.sandbox,
  };
  return {
    data,
    chart,
    labels: { title: summaryChartTitle(data, t), points: t('spend.chart.axisPoints') },
  };
}
