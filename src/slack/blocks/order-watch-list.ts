import type { OrderWatchRow } from '../../watches/index.js';
import { packLines } from './card-parts.js';
import { code, payStatusWord, when } from './format.js';
import { LIMITS, mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

/** One line per live watch: order, merchant, its last state, since when. */
export function watchLines(rows: readonly OrderWatchRow[], timeZone: string): string[] {
  return rows.map((r) => {
    const state =
      r.status === null
        ? 'not checked yet'
        : `${payStatusWord(r.status)}${r.status === 1 ? (r.notified ? ', called back' : ', not called back yet') : ''}`;
    const since = when(new Date(r.created_at), timeZone);
    return `• \`${code(r.order_number, 64)}\` at \`${code(r.merchant_num, 64)}\`: ${state} (watched since ${since})`;
  });
}

/** `/payorder watches`: the live watches of a channel. */
export function watchListMessage(
  rows: readonly OrderWatchRow[],
  timeZone: string,
  where: string,
): SlackMessage {
  if (rows.length === 0) {
    const text = `No payment order is being watched in ${where}. Start one with /payorder watch <order_number> <merchant_num>.`;
    return { text, blocks: [{ type: 'section', text: mrkdwn(text) }] };
  }
  const title = `${rows.length} payment order${rows.length === 1 ? '' : 's'} watched in ${where}`;
  return {
    text: title,
    blocks: [
      { type: 'section', text: mrkdwn(`*${title}*`) },
      ...packLines(watchLines(rows, timeZone), LIMITS.messageBlocks - 2),
    ],
  };
}
