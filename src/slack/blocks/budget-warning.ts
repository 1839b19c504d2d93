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
}

/** The one-a-day notice that 80 % of the daily budget is gone. */
export function budgetWarning(d: BudgetWarningData): SlackMessage {
  const used = `${formatPoints(d.spent)} of ${formatPoints(d.budget)} points`;
  const text = `80 % of today's budget used: ${used}; paid look-ups stop at ${formatPoints(d.budget)}; resets at ${d.resetsAt} (${d.timeZone}).`;
  return withSandboxNote(
    {
      text,
      blocks: [
        {
          type: 'section',
          text: mrkdwn(`:warning: *80 % of today's budget used:* ${used}`),
        },
        {
          type: 'context',
          elements: [
            mrkdwn(
              `Paid look-ups stop at ${formatPoints(d.budget)} points; the free payment-order look-up keeps working. The budget resets at ${d.resetsAt} (${d.timeZone}).`,
            ),
          ],
        },
      ],
    },
    d.sandbox ?? false,
  );
}
