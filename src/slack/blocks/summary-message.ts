import type { types } from '@slack/bolt';
import type { SpendReport } from '../../ledger/types.js';
import { budgetLine } from './budget-line.js';
import { mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { operationWord } from './operation-words.js';
import { withSandboxNote } from './sandbox-note.js';
import { dayBarsSection } from './spend-card.js';
import { changeWords, formatPoints, localStamp, pointsWord } from './spend-format.js';
import { operationLines, totalWords, userLines } from './spend-report-lines.js';

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

function refundLine(report: SpendReport): string {
  if (report.refunded === 0) return 'none';
  const parts = report.byOperation
    .filter((o) => o.refunded > 0)
    .map((o) => `${operationWord(o.operation)} ${formatPoints(o.refunded)}`);
  return `${pointsWord(report.refunded)} returned (${parts.join(', ')})`;
}

/** The daily spend summary; every number is in the text too, the chart only shows them. */
export function summaryMessage(d: SummaryData): SlackMessage {
  const until = localStamp(d.scheduledAt, d.timeZone);
  const title = `Daily spend summary${d.late ? ' (late)' : ''}`;
  const change = changeWords(d.last24.net, d.previousNet);
  const budget = budgetLine(d.budget, d.spentToday);
  const refunds = refundLine(d.last24);
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(title, 150) },
    {
      type: 'context',
      elements: [
        mrkdwn(
          `The 24 hours to ${until} (${d.timeZone})${d.late ? ' · sent late: querydesk was not running at the scheduled time' : ''}`,
        ),
      ],
    },
    {
      type: 'section',
      text: mrkdwn(
        `*Spent:* ${totalWords(d.last24)}\n*Change from the day before:* ${change}\n*Refunds:* ${refunds}`,
        3000,
      ),
    },
  ];
  if (d.last24.byOperation.length > 0) {
    blocks.push({
      type: 'section',
      text: mrkdwn(`*By operation*\n${operationLines(d.last24).join('\n')}`, 3000),
    });
    blocks.push({
      type: 'section',
      text: mrkdwn(`*Top users*\n${userLines(d.last24, TOP_USERS).join('\n')}`, 3000),
    });
  }
  blocks.push(dayBarsSection('Last 7 days', d.week.byDay));
  blocks.push({ type: 'context', elements: [mrkdwn(`*Today's budget:* ${budget}`, 3000)] });

  const trend = d.week.byDay.map((x) => `${x.day} ${formatPoints(x.net)}`).join(', ');
  const text = truncate(
    `${title}, 24 hours to ${until} (${d.timeZone}): ${totalWords(d.last24)}; change from the day before: ${change}; refunds: ${refunds}; last 7 days: ${trend}; today's budget: ${budget}.`,
    3000,
  );
  return withSandboxNote({ text, blocks }, d.sandbox);
}

/** Title of the chart uploaded with the summary. */
export function summaryChartTitle(d: Pick<SummaryData, 'week'>): string {
  const last = d.week.byDay.at(-1)?.day ?? '';
  return `Points by operation, last 7 days${last ? ` to ${last}` : ''}`;
}
