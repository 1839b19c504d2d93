import { button, contextLine, section } from './card-parts.js';
import { code, count, esc } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';

/** What a subscription will cost, before anything is called. */
export interface SubscriptionPreview {
  subscriptionId: string;
  ownerId: string;
  filters: string;
  every: string;
  pollsPerDay: number;
  /** Operation 7's last price in this workspace's ledger; undefined when it was never charged. */
  price: number | undefined;
  /** The daily budget in points; undefined when there is none. */
  budget: number | undefined;
}

/** Points a day at one page per poll, or the words for not knowing them yet. */
export function pointsPerDayWords(pollsPerDay: number, price: number | null | undefined): string {
  if (price === undefined || price === null) {
    return 'points a day: not known yet, shown after the first poll';
  }
  return `at least ${count(pollsPerDay * price)} points a day`;
}

/** `/shoporders subscribe …`: the private preview with **Subscribe** / **Cancel**. */
export function subscriptionPreviewMessage(p: SubscriptionPreview): SlackMessage {
  const what = `New shop orders of \`${code(p.ownerId, 100)}\`${p.filters ? ` (${esc(p.filters, 300)})` : ''}`;
  const price =
    p.price === undefined
      ? 'Price of one poll (operation 7): not known yet, shown after the first poll.'
      : `Price of one poll (operation 7), last charged here: ${count(p.price)} points per page.`;
  const perDay = `${count(p.pollsPerDay)} polls a day (every ${esc(p.every, 20)}), ${pointsPerDayWords(p.pollsPerDay, p.price)} (one page per poll; more when a poll finds over 100 orders).`;
  const budget =
    p.budget === undefined
      ? 'This workspace has no daily budget.'
      : `Daily budget: ${count(p.budget)} points. A poll that does not fit waits for the next budget day.`;
  const lines = [`*Subscribe this channel to ${what}?*`, perDay, price, budget];
  return {
    text: lines.join(' ').replace(/[*`]/g, ''),
    blocks: [
      section(lines.join('\n')),
      contextLine(
        'Nothing has been called yet. Orders confirmed before you subscribe are not posted.',
      ),
      {
        type: 'actions',
        elements: [
          { ...button(ACTION.subscribe, 'Subscribe', p.subscriptionId), style: 'primary' },
          button(ACTION.cancelSubscribe, 'Cancel', p.subscriptionId),
        ],
      },
    ],
  };
}
