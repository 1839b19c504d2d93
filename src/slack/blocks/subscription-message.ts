import type { types } from '@slack/bolt';
import type { SubscriptionRow } from '../../subscriptions/index.js';
import { button, contextLine, section } from './card-parts.js';
import { code, count, esc, when } from './format.js';
import { ACTION } from './ids.js';
import { plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { pointsPerDayWords } from './subscription-preview.js';

/** How a subscription is drawn: its row plus what the row does not hold. */
export interface SubscriptionView {
  pollsPerDay: number;
  every: string;
  /** The zone the budget's day turns in (SPEND_SUMMARY_TZ). */
  budgetZone: string;
}

const mention = (id: string | null) =>
  id && /^[UW][A-Z0-9]{2,30}$/.test(id) ? `<@${id}>` : esc(id ?? 'someone', 100);

/** "New shop orders of `2201000250` (remark "gift", tag 2)". */
export function subscriptionWhat(row: SubscriptionRow): string {
  const filters: string[] = [];
  if (row.remark !== null) filters.push(`remark "${esc(row.remark, 200)}"`);
  if (row.remark_tag !== null) filters.push(`tag ${row.remark_tag}`);
  const f = filters.length > 0 ? ` (${filters.join(', ')})` : '';
  return `New shop orders of \`${code(row.owner_id, 100)}\`${f}`;
}

const ENDED: Record<string, string> = {
  uninstalled: 'the app was removed from this workspace',
  left_channel: 'querydesk left this channel',
  archived: 'this channel was archived',
};

function statusLine(row: SubscriptionRow, v: SubscriptionView): string {
  if (row.state === 'ended') {
    const why =
      row.ended_reason === 'unsubscribed'
        ? `unsubscribed by ${mention(row.ended_by)}`
        : (ENDED[row.ended_reason ?? ''] ?? 'ended');
    return `:octagonal_sign: Ended: ${why}. ${count(row.polls)} polls, ${count(row.points)} points, ${count(row.orders_posted)} orders posted.`;
  }
  if (row.paused === 'budget' && row.paused_until !== null) {
    const at = when(new Date(row.paused_until), v.budgetZone);
    return `:double_vertical_bar: Paused by the daily budget: the next poll would take today's points past it. Resumes by itself at ${at} (${esc(v.budgetZone, 60)}), when the budget's day turns.`;
  }
  if (row.problem !== null) {
    return `:warning: The last polls failed: ${esc(row.problem, 1200)} Polling goes on, less often, until it works again.`;
  }
  return `:satellite_antenna: Polling: ${count(row.polls)} polls so far, ${count(row.points)} points, ${count(row.orders_posted)} orders posted.`;
}

/** The subscription message in the channel, as the row says it is now. */
export function subscriptionMessage(row: SubscriptionRow, v: SubscriptionView): SlackMessage {
  const head = `*${subscriptionWhat(row)}*, subscribed by ${mention(row.user_id)}: polled every ${esc(v.every, 20)} (${count(v.pollsPerDay)} polls a day, ${pointsPerDayWords(v.pollsPerDay, row.price)}).`;
  const status = statusLine(row, v);
  const blocks: types.KnownBlock[] = [section(head), section(status)];
  const buttons: types.Button[] = [];
  if (row.state === 'active' && row.problem !== null && row.problem_url) {
    buttons.push({
      type: 'button',
      action_id: ACTION.authorize,
      text: plain('Authorize'),
      style: 'primary',
      url: truncate(row.problem_url, 3000),
    });
  }
  if (row.state === 'active') {
    buttons.push(button(ACTION.unsubscribe, 'Unsubscribe', row.subscription_id));
  }
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });
  else blocks.push(contextLine('This subscription no longer polls.'));
  return {
    text: truncate(`${head} ${status}`.replace(/[*`]/g, ''), 3000),
    blocks,
  };
}

/** `/shoporders subscriptions`: the channel's subscriptions with their cost so far. */
export function subscriptionListMessage(
  rows: readonly SubscriptionRow[],
  view: (row: SubscriptionRow) => SubscriptionView,
): SlackMessage {
  if (rows.length === 0) {
    const text =
      'This channel has no subscription. Start one with /shoporders subscribe <owner_id> [every=15m].';
    return { text, blocks: [section(text)] };
  }
  const title = `${rows.length} subscription${rows.length === 1 ? '' : 's'} in this channel`;
  const blocks: types.KnownBlock[] = [section(`*${title}*`)];
  // Each row is one section with its button (the message limit is 50 blocks).
  for (const row of rows.slice(0, 45)) {
    const v = view(row);
    const text = `${subscriptionWhat(row)} every ${esc(v.every, 20)}, by ${mention(row.user_id)}: ${count(row.polls)} polls, ${count(row.points)} points so far${row.paused === 'budget' ? ', paused by the budget' : ''}.`;
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: truncate(text, 3000) },
      accessory: button(ACTION.unsubscribe, 'Unsubscribe', row.subscription_id),
    });
  }
  if (rows.length > 45) blocks.push(contextLine(`… ${rows.length - 45} more`));
  return { text: title, blocks };
}
