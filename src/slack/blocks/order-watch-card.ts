import type { types } from '@slack/bolt';
import type { PayOrder } from '../../gateway/operations/index.js';
import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
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
export function mention(userId: string | null, t: Translate = ENGLISH): string {
  if (!userId) return t('watches.someone');
  return /^[UW][A-Z0-9]{2,30}$/.test(userId) ? `<@${userId}>` : esc(userId, 100);
}

/** '14:02:11' in the gateway's zone. */
export function clockTime(at: Date, timeZone: string): string {
  return instantToWallClock(at, timeZone).slice(11, 19);
}

export function duration(ms: number, t: Translate = ENGLISH): string {
  if (ms % 3_600_000 === 0) return t('watches.duration.h', { n: String(ms / 3_600_000) });
  if (ms % 60_000 === 0) return t('watches.duration.min', { n: String(ms / 60_000) });
  if (ms % 1000 === 0) return t('watches.duration.s', { n: String(ms / 1000) });
  return t('watches.duration.ms', { n: String(ms) });
}

function watchLine(w: WatchView, timeZone: string, t: Translate): string {
  const until = instantToWallClock(w.watchUntil, timeZone).slice(0, 16);
  switch (w.state) {
    case 'watching':
      return t('watches.line.watching', {
        who: mention(w.userId, t),
        every: duration(w.intervalMs, t),
        until,
      });
    case 'final':
      return t('watches.line.final');
    case 'timed_out':
      return t('watches.line.timedOut', { timeout: duration(w.timeoutMs, t) });
    case 'stopped':
      return t('watches.line.stopped', { who: mention(w.stoppedBy, t) });
  }
}

/**
 * The watched order's card in the channel: the order, what the watch is doing, Stop watching;
 * in the language the card was posted in.
 */
export function orderWatchCard(
  order: PayOrder,
  w: WatchView,
  timeZone: string,
  t: Translate,
): SlackMessage {
  const base = payOrderCard(order, { timeZone, refreshValue: '', t });
  const blocks: types.KnownBlock[] = base.blocks.filter((b) => b.type !== 'actions');
  blocks.push(contextLine(watchLine(w, timeZone, t)));
  if (w.state === 'watching') {
    blocks.push({
      type: 'actions',
      elements: [button(ACTION.stopOrderWatch, t('watches.button.stop'), w.watchId)],
    });
  }
  const text = t(w.state === 'watching' ? 'watches.text.watching' : 'watches.text.ended', {
    card: base.text,
  });
  return { text, blocks };
}

/** One thread reply for one event, words first so a reader of the notification gets it. */
export function watchEventText(event: WatchEvent, timeZone: string, t: Translate): string {
  const at = (when: Date) => clockTime(when, timeZone);
  switch (event.kind) {
    case 'paid':
      return event.at
        ? t('watches.event.paid', { time: at(event.at) })
        : t('watches.event.paidNoTime');
    case 'called-back':
      return t(
        event.afterAlert ? 'watches.event.calledBackAfterAlert' : 'watches.event.calledBack',
        {
          time: at(event.at),
        },
      );
    case 'refunded':
      return t('watches.event.refunded', { time: at(event.at) });
    case 'cancelled':
      return t('watches.event.cancelled', { time: at(event.at) });
    case 'status':
      return t('watches.event.status', {
        status: payStatusWord(event.status, t).toLowerCase(),
        time: at(event.at),
      });
    case 'not-called-back':
      return t('watches.event.notCalledBack', {
        who: mention(event.userId, t),
        paidAt: at(event.paidAt),
        after: duration(event.alertMs, t),
      });
  }
}
