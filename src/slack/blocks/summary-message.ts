import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import type { SpendReport } from '../../ledger/types.js';
import { budgetLine } from './budget-line.js';
import { mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { operationWord } from './operation-words.js';
import { withSandboxNote } from './sandbox-note.js';
import { dayBarsSection } from './spend-card.js';
import { changeWords, formatPoints, localStamp, pointsWord } from './spend-format.js';
import { boldLabel, operationLines, totalWords, userLines } from './spend-report-lines.js';

export interface SummaryData {
  /** The run's scheduled instant; the summary covers the 24 hours before it. */
  scheduledAt: Date;
  /** Sent after the process came back from being down at the scheduled time. */
  late: boolean;
  timeZone: string;
  last24: SpendReport;
  /** Net points of the 24 hours before `last24`. */
  previousNet: number;
  /** The 7 local days up to the scheduled instant. */
  week: SpendReport;
  budget?: number;
  /** Net points spent today (local day of sending), for the budget line. */
  spentToday: number;
  sandbox: boolean;
}

const TOP_USERS = 5;

function refundLine(report: SpendReport, t: Translate): string {
  if (report.refunded === 0) return t('spend.summary.noRefunds');
  const parts = report.byOperation
    .filter((o) => o.refunded > 0)
    .map((o) => `${operationWord(o.operation, t)} ${formatPoints(o.refunded)}`);
  return t('spend.summary.returned', {
    points: pointsWord(report.refunded, t),
    parts: parts.join(', '),
  });
}

/**
 * The daily spend summary, in `t`'s language (the workspace's: it is posted into a channel);
 * every number is in the text too, the chart only shows them.
 */
export function summaryMessage(d: SummaryData, t: Translate): SlackMessage {
  const until = localStamp(d.scheduledAt, d.timeZone);
  const title = t(d.late ? 'spend.summary.titleLate' : 'spend.summary.title');
  const change = changeWords(d.last24.net, d.previousNet, t);
  const budget = budgetLine(d.budget, d.spentToday, t);
  const refunds = refundLine(d.last24, t);
  const total = totalWords(d.last24, t);
  const window = t('spend.summary.window', { until, timeZone: d.timeZone });
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(title, 150) },
    {
      type: 'context',
      elements: [mrkdwn(d.late ? `${window} · ${t('spend.summary.sentLate')}` : window)],
    },
    {
      type: 'section',
      text: mrkdwn(
        [
          boldLabel(t('spend.summary.spent'), total, t),
          boldLabel(t('spend.summary.change'), change, t),
          boldLabel(t('spend.summary.refunds'), refunds, t),
        ].join('\n'),
        3000,
      ),
    },
  ];
  if (d.last24.byOperation.length > 0) {
    const ops = operationLines(d.last24, t).join('\n');
    const users = userLines(d.last24, t, TOP_USERS).join('\n');
    blocks.push({
      type: 'section',
      text: mrkdwn(`*${t('spend.summary.byOperation')}*\n${ops}`, 3000),
    });
    blocks.push({
      type: 'section',
      text: mrkdwn(`*${t('spend.summary.topUsers')}*\n${users}`, 3000),
    });
  }
  blocks.push(dayBarsSection(t('spend.summary.last7Days'), d.week.byDay));
  blocks.push({
    type: 'context',
    elements: [mrkdwn(boldLabel(t('spend.summary.todayBudget'), budget, t), 3000)],
  });

  const trend = d.week.byDay.map((x) => `${x.day} ${formatPoints(x.net)}`).join(', ');
  const text = truncate(
    t('spend.summary.text', {
      title,
      until,
      timeZone: d.timeZone,
      total,
      change,
      refunds,
      trend,
      budget,
    }),
    3000,
  );
  return withSandboxNote({ text, blocks }, d.sandbox, t);
}

/** Title of the chart uploaded with the summary, in the summary's language. */
export function summaryChartTitle(d: Pick<SummaryData, 'week'>, t: Translate): string {
  const last = d.week.byDay.at(-1)?.day;
  return last ? t('spend.chart.titleTo', { day: last }) : t('spend.chart.title');
}
