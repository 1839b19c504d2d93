import type { Translate } from '../../i18n/translator.js';
import { mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';
import { withSandboxNote } from './sandbox-note.js';
import { formatPoints } from './spend-format.js';

export interface BudgetWarningData {
  spent: number;
  budget: number;
  /** Local wall-clock time the day's budget resets, `HH:MM`. */
  resetsAt: string;
  timeZone: string;
  sandbox?: boolean;
  /** The workspace's language: the warning is posted into a channel. */
  t: Translate;
}

/** The one-a-day notice that 80 % of the daily budget is gone. */
export function budgetWarning(d: BudgetWarningData): SlackMessage {
  const { t, resetsAt, timeZone } = d;
  const budget = formatPoints(d.budget);
  const used = t('spend.warning.used', { spent: formatPoints(d.spent), budget });
  return withSandboxNote(
    {
      text: t('spend.warning.text', { used, budget, resetsAt, timeZone }),
      blocks: [
        {
          type: 'section',
          text: mrkdwn(`:warning: *${t('spend.warning.title')}* ${used}`),
        },
        {
          type: 'context',
          elements: [mrkdwn(t('spend.warning.detail', { budget, resetsAt, timeZone }))],
        },
      ],
    },
    d.sandbox ?? false,
    t,
  );
}
