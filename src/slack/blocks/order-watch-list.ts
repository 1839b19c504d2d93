import type { Translate } from '../../i18n/translator.js';
import type { OrderWatchRow } from '../../watches/index.js';
import { packLines } from './card-parts.js';
import { code, payStatusWord, when } from './format.js';
import { LIMITS, mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

function stateOf(r: OrderWatchRow, t: Translate): string {
  if (r.status === null) return t('watches.list.notChecked');
  const status = payStatusWord(r.status, t);
  if (r.status !== 1) return status;
  return t(r.notified ? 'watches.list.calledBack' : 'watches.list.notCalledBack', { status });
}

/** One line per live watch: order, merchant, its last state, since when. */
export function watchLines(
  rows: readonly OrderWatchRow[],
  timeZone: string,
  t: Translate,
): string[] {
  return rows.map((r) =>
    t('watches.list.line', {
      order: code(r.order_number, 64),
      merchant: code(r.merchant_num, 64),
      state: stateOf(r, t),
      since: when(new Date(r.created_at), timeZone),
    }),
  );
}

/** `/payorder watches`: the live watches of a channel, in the reader's language. */
export function watchListMessage(
  rows: readonly OrderWatchRow[],
  timeZone: string,
  t: Translate,
): SlackMessage {
  const where = t('watches.list.thisChannel');
  if (rows.length === 0) {
    const usage = '/payorder watch <order_number> <merchant_num>';
    const text = t('watches.list.none', { where, usage });
    return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
  }
  const title = t('watches.list.title', { n: rows.length, where });
  return {
    text: title,
    blocks: [
      { type: 'section', text: mrkdwn(`*${title}*`) },
      ...packLines(watchLines(rows, timeZone, t), LIMITS.messageBlocks - 2, t),
    ],
  };
}
