import type { types } from '@slack/bolt';
import type { PayOrder } from '../../gateway/operations/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import type { OrderWatchState, WatchEvent } from '../../watches/index.js';
import { button, contextLine } from './card-parts.js';
import { ENGLISH, esc, payStatusWord } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';
import { payOrderCard } from './pay-order-card.js';

/** What the card says about the watch itself. */
export interface WatchView {
  watchId: string;
  state: OrderWatchState;
  userId: string;
  stoppedBy: string | null;
  intervalMs: number;
  watchUntil: Date;
  timeoutMs: number;
}

/** Only a real-looking user id becomes a mention; anything else is inert text. */
export function mention(userId: string | null): string {
  if (!userId) return 'someone';
  return /^[UW][A-Z0-9]{2,30}$/.test(userId) ? `<@${userId}>` : esc(userId, 100);
}

/** '14:02:11' in the gateway's zone. */
export function clockTime(at: Date, timeZone: string): string {
  return instantToWallClock(at, timeZone).slice(11, 19);
}

export function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function watchLine(w: WatchView, timeZone: string): string {
  const until = instantToWallClock(w.watchUntil, timeZone).slice(0, 16);
  switch (w.state) {
    case 'watching':
      return `:eyes: Watched for ${mention(w.userId)}: checked every ${duration(w.intervalMs)} until ${until}; changes are posted in the thread.`;
    case 'final':
      return ':white_check_mark: Watch ended: the order is final and cannot change any more.';
    case 'timed_out':
      return `:hourglass: Watch ended: no final state within ${duration(w.timeoutMs)}.`;
    case 'stopped':
      return `:octagonal_sign: Watch ended: stopped by ${mention(w.stoppedBy)}.`;
  }
}

/** The watched order's card in the channel: the order, what the watch is doing, Stop watching. */
export function orderWatchCard(order: PayOrder, w: WatchView, timeZone: string): SlackMessage {
  const base = payOrderCard(order, { timeZone, refreshValue: '', t: ENGLISH });
  const blocks: types.KnownBlock[] = base.blocks.filter((b) => b.type !== 'actions');
  blocks.push(contextLine(watchLine(w, timeZone)));
  if (w.state === 'watching') {
    blocks.push({
      type: 'actions',
      elements: [button(ACTION.stopOrderWatch, 'Stop watching', w.watchId)],
    });
  }
  const ended = w.state === 'watching' ? 'watching' : 'watch ended';
  return { text: `${base.text} (${ended})`, blocks };
}

/** One thread reply for one event, words first so a reader of the notification gets it. */
export function watchEventText(event: WatchEvent, timeZone: string): string {
  const t = (at: Date) => clockTime(at, timeZone);
  switch (event.kind) {
    case 'paid':
      return event.at ? `Paid at ${t(event.at)}` : 'Paid (the gateway gave no payment time)';
    case 'called-back':
      return event.afterAlert
        ? `Merchant called back at ${t(event.at)}, after the alert: the callback has arrived.`
        : `Merchant called back at ${t(event.at)}`;
    case 'refunded':
      return `Refunded (seen at ${t(event.at)})`;
    case 'cancelled':
      return `Cancelled (seen at ${t(event.at)})`;
    case 'status':
      return `Status is now ${payStatusWord(event.status).toLowerCase()} (seen at ${t(event.at)})`;
    case 'not-called-back':
      return `:rotating_light: ${mention(event.userId)} paid at ${t(event.paidAt)} and still not called back after ${duration(event.alertMs)}: the merchant's callback has not arrived.`;
  }
}
