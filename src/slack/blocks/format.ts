import { instantToWallClock } from '../../gateway/time.js';
import type { MessageKey } from '../../i18n/catalog/en.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { payStatusText } from '../../i18n/words.js';
import { escapeMrkdwn } from './limits.js';

/** Integer fen → yuan text with two decimals ('12.50'), by integer arithmetic only. */
export function yuan(fen: number): string {
  // Math.round is the identity on the integers the gateway sends; it only guards a stray fraction.
  const n = BigInt(Math.round(fen));
  const abs = n < 0n ? -n : n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${n < 0n ? '-' : ''}${abs / 100n}.${cents}`;
}

/** Integer fen → '¥12.50'. */
export function yuanLabel(fen: number): string {
  return `¥${yuan(fen)}`;
}

/** An instant as 'yyyy-MM-dd HH:mm:ss' wall-clock time in `timeZone`; `absent` when missing. */
export function when(instant: Date | undefined, timeZone: string, absent = '—'): string {
  if (!instant || Number.isNaN(instant.getTime())) return absent;
  return instantToWallClock(instant, timeZone).slice(0, 19);
}

/** English, for callers that have not been given a language. */
export const ENGLISH: Translate = translator('en');

/** The document's payment order states (0 unpaid, 1 paid, 2 refunded, 3 cancelled), as a label. */
export function payStatusWord(status: number, t: Translate = ENGLISH): string {
  const word = payStatusText(t, status);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The document's order_type table (1–8) in words. */
export function payMethodWord(orderType: number, t: Translate = ENGLISH): string {
  if (Number.isInteger(orderType) && orderType >= 1 && orderType <= 8) {
    return t(`pay.method.${orderType}` as MessageKey);
  }
  return t('pay.method.other', { type: orderType });
}

/**
 * Gateway text made safe for mrkdwn (no mention, link or entity can survive), whitespace folded
 * to single spaces, cut to at most `max` characters of escaped text.
 */
export function esc(text: string, max: number): string {
  return cutEscaped(escapeMrkdwn(text.replace(/\s+/g, ' ').trim()), max);
}

/** Like `esc`, but keeps line breaks (multi-line details such as discount descriptions). */
export function escBlock(text: string, max: number): string {
  return cutEscaped(escapeMrkdwn(text.trim()), max);
}

/** Cuts escaped text to `max` with '…', never splitting an `&lt;`-style entity or an emoji. */
function cutEscaped(escaped: string, max: number): string {
  if (escaped.length <= max) return escaped;
  if (max <= 0) return '';
  let cut = escaped.slice(0, max - 1).replace(/&[a-z]{0,3}$/, '');
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Gateway text for a code span or block: escaped, no backticks that could close it early. */
export function code(text: string, max: number): string {
  return esc(text.replace(/`/g, "'"), max);
}

/** A count with thousands separators that does not depend on the host's locale. */
export function count(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const [whole = '0', frac] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** '1 order' / '3 orders'. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}

/** A phone number with all but the last 4 digits hidden. */
export function maskPhone(phone: string, t: Translate = ENGLISH): string {
  const p = phone.trim();
  if (p === '') return t('common.notGiven');
  if (p.length <= 4) return '••••';
  // Long values keep a bounded mask: the length of the hidden part tells nobody anything useful.
  return `${'•'.repeat(Math.min(p.length - 4, 12))}${p.slice(-4)}`;
}
