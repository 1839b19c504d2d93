import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import type { SpendReport } from '../../ledger/types.js';
import { budgetLine } from './budget-line.js';
import { mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { withSandboxNote } from './sandbox-note.js';
import { boldLabel, operationLines, totalWords, userLines } from './spend-report-lines.js';
import { dayBarLines } from './text-bars.js';

export interface SpendCardOptions {
  /** e.g. "today", "last 7 days", in the card's language. */
  label: string;
  /** Daily budget in points; undefined is unlimited. */
  budget?: number;
  /** Net points spent on today's local day, for the budget line. */
  spentToday: number;
  timeZone: string;
  sandbox?: boolean;
  t: Translate;
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
  const { t } = opts;
  const budget = budgetLine(opts.budget, opts.spentToday, t);
  const total = totalWords(report, t);
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(t('spend.card.header', { period: opts.label }), 150) },
    { type: 'section', text: mrkdwn(boldLabel(t('spend.card.total'), total, t), SECTION_MAX) },
  ];
  if (report.byOperation.length > 0) {
    blocks.push(section(t('spend.card.byOperation'), operationLines(report, t)));
    blocks.push(section(t('spend.card.byUser'), userLines(report, t, 10)));
  } else {
    blocks.push({ type: 'section', text: mrkdwn(`_${t('spend.card.noCalls')}_`) });
  }
  if (report.byDay.length > 0) blocks.push(dayBarsSection(t('spend.card.byDay'), report.byDay));
  const daysIn = t('spend.card.daysIn', { timeZone: opts.timeZone });
  blocks.push({
    type: 'context',
    elements: [
      mrkdwn(boldLabel(t('spend.card.todayBudget'), `${budget} · ${daysIn}`, t), SECTION_MAX),
    ],
  });
  const text = truncate(t('spend.card.text', { period: opts.label, total, budget }), 3000);
  return withSandboxNote({ text, blocks }, opts.sandbox ?? false, t);
}
