import type { types } from '@slack/bolt';
import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';
import type { SubscriptionRow } from '../../subscriptions/index.js';
import { button, contextLine, section } from './card-parts.js';
import { count, esc, when } from './format.js';
import { ACTION } from './ids.js';
import { plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { intervalWords, pointsPerDayWords, watchedWords } from './subscription-preview.js';

/** How a subscription is drawn: its row plus what the row does not hold. */
export interface SubscriptionView {
  pollsPerDay: number;
  /** The zone the budget's day turns in (SPEND_SUMMARY_TZ). */
  budgetZone: string;
  /** The language it is drawn in: the one it was posted in, or the reader's for the list. */
  t: Translate;
}

const mention = (id: string | null, t: Translate) =>
  id && /^[UW][A-Z0-9]{2,30}$/.test(id) ? `<@${id}>` : esc(id ?? t('subscriptions.someone'), 100);

/** "New shop orders of `2201000250` (remark "gift", tag 2)". */
export function subscriptionWhat(row: SubscriptionRow, t: Translate): string {
  return watchedWords({ ownerId: row.owner_id, remark: row.remark, remarkTag: row.remark_tag }, t);
}

const ENDED = {
  uninstalled: 'subscriptions.ended.uninstalled',
  left_channel: 'subscriptions.ended.left_channel',
  archived: 'subscriptions.ended.archived',
} as const satisfies Record<string, MessageKey>;

function endedWhy(row: SubscriptionRow, t: Translate): string {
  if (row.ended_reason === 'unsubscribed') {
    return t('subscriptions.ended.unsubscribed', { who: mention(row.ended_by, t) });
  }
  const key = ENDED[(row.ended_reason ?? '') as keyof typeof ENDED];
  return t(key ?? 'subscriptions.ended.other');
}

function statusLine(row: SubscriptionRow, v: SubscriptionView): string {
  const { t } = v;
  const counts = {
    polls: count(row.polls),
    points: count(row.points),
    orders: count(row.orders_posted),
  };
  if (row.state === 'ended') {
    return `:octagonal_sign: ${t('subscriptions.status.ended', { why: endedWhy(row, t), ...counts })}`;
  }
  if (row.paused === 'budget' && row.paused_until !== null) {
    const at = when(new Date(row.paused_until), v.budgetZone);
    const zone = esc(v.budgetZone, 60);
    return `:double_vertical_bar: ${t('subscriptions.status.paused', { at, zone })}`;
  }
  if (row.problem !== null) {
    return `:warning: ${t('subscriptions.status.problem', { problem: esc(row.problem, 1200) })}`;
  }
  return `:satellite_antenna: ${t('subscriptions.status.polling', counts)}`;
}

/** The subscription message in the channel, as the row says it is now. */
export function subscriptionMessage(row: SubscriptionRow, v: SubscriptionView): SlackMessage {
  const { t } = v;
  const head = t('subscriptions.head', {
    what: subscriptionWhat(row, t),
    who: mention(row.user_id, t),
    every: esc(intervalWords(row.interval_ms, t), 20),
    polls: count(v.pollsPerDay),
    perDay: pointsPerDayWords(v.pollsPerDay, row.price, t),
  });
  const status = statusLine(row, v);
  const blocks: types.KnownBlock[] = [section(head), section(status)];
  const buttons: types.Button[] = [];
  if (row.state === 'active' && row.problem !== null && row.problem_url) {
    buttons.push({
      type: 'button',
      action_id: ACTION.authorize,
      text: plain(t('subscriptions.button.authorize')),
      style: 'primary',
      url: truncate(row.problem_url, 3000),
    });
  }
  if (row.state === 'active') {
    buttons.push(
      button(ACTION.unsubscribe, t('subscriptions.button.unsubscribe'), row.subscription_id),
    );
  }
  if (buttons.length > 0) blocks.push({ type: 'actions', elements: buttons });
  else blocks.push(contextLine(t('subscriptions.noLongerPolls')));
  return {
    text: truncate(`${head} ${status}`.replace(/[*`]/g, ''), 3000),
    blocks,
  };
}

/** `/shoporders subscriptions`: the channel's subscriptions with their cost so far. */
export function subscriptionListMessage(
  rows: readonly SubscriptionRow[],
  t: Translate,
): SlackMessage {
  if (rows.length === 0) {
    const text = t('subscriptions.list.none', {
      command: '/shoporders subscribe <owner_id> [every=15m]',
    });
    return { text, blocks: [section(text)] };
  }
  const title = t('subscriptions.list.title', { n: rows.length });
  const blocks: types.KnownBlock[] = [section(`*${title}*`)];
  // Each row is one section with its button (the message limit is 50 blocks).
  for (const row of rows.slice(0, 45)) {
    const text = t('subscriptions.list.row', {
      what: subscriptionWhat(row, t),
      every: esc(intervalWords(row.interval_ms, t), 20),
      who: mention(row.user_id, t),
      polls: count(row.polls),
      points: count(row.points),
      paused: row.paused === 'budget' ? t('subscriptions.list.paused') : '',
    });
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: truncate(text, 3000) },
      accessory: button(
        ACTION.unsubscribe,
        t('subscriptions.button.unsubscribe'),
        row.subscription_id,
      ),
    });
  }
  if (rows.length > 45) blocks.push(contextLine(t('common.more', { n: rows.length - 45 })));
  return { text: title, blocks };
}
