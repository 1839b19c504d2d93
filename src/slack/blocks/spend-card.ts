import type { types } from '@slack/bolt';
import type { SpendReport } from '../../ledger/types.js';
import { budgetLine } from './budget-line.js';
import { mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { withSandboxNote } from './sandbox-note.js';
import { operationLines, totalWords, userLines } from './spend-report-lines.js';
import { dayBarLines } from './text-bars.js';

export interface SpendCardOptions {
  /** e.g. "today", "last 7 days". */
  label: string;
  /** Daily budget in points; undefined is unlimited. */
  budget?: number;
  /** Net points spent on today's local day, for the budget line. */
  spentToday: number;
  timeZone: string;
  sandbox?: boolean;
}

const SECTION_MAX = 3000;

function section(title: string, lines: string[]): types.SectionBlock {
  return { type: 'section', text: mrkdwn(`*${title}*\n${lines.join('\n')}`, SECTION_MAX) };
}

/** Day bars in a code block so the columns line up; cut by whole lines to fit a section. */
export function dayBarsSection(title: string, days: SpendReport['byDay']): types.SectionBlock {
  const lines = dayBarLines(days);
  let body = lines.join('\n');
  while (body.length > SECTION_MAX - title.length - 12 && lines.length > 1) {
    lines.shift();
    body = lines.join('\n');
  }
  return { type: 'section', text: mrkdwn(`*${title}*\n\`\`\`${body}\`\`\``, SECTION_MAX) };
}

/** The `/spend` answer: totals, by operation, by user, by day, and today's budget. */
export function spendCard(report: SpendReport, opts: SpendCardOptions): SlackMessage {
  const budget = budgetLine(opts.budget, opts.spentToday);
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(`Points spent ${opts.label}`, 150) },
    { type: 'section', text: mrkdwn(`*Total:* ${totalWords(report)}`, SECTION_MAX) },
  ];
  if (report.byOperation.length > 0) {
    blocks.push(section('By operation', operationLines(report)));
    blocks.push(section('By user', userLines(report, 10)));
  } else {
    blocks.push({ type: 'section', text: mrkdwn('_No gateway calls in this period._') });
  }
  if (report.byDay.length > 0) blocks.push(dayBarsSection('By day', report.byDay));
  blocks.push({
    type: 'context',
    elements: [mrkdwn(`*Today's budget:* ${budget} · days in ${opts.timeZone}`, SECTION_MAX)],
  });
  const text = truncate(
    `Points spent ${opts.label}: ${totalWords(report)}. Today's budget: ${budget}.`,
    3000,
  );
  return withSandboxNote({ text, blocks }, opts.sandbox ?? false);
}
