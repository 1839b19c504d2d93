import { instantToWallClock } from '../../gateway/time.js';
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

/** An instant as 'yyyy-MM-dd HH:mm' wall-clock time in `timeZone`; `absent` when missing. */
export function when(instant: Date | undefined, timeZone: string, absent = '—'): string {
  if (!instant || Number.isNaN(instant.getTime())) return absent;
  return instantToWallClock(instant, timeZone).slice(0, 16);
}

const PAY_STATUS: Record<number, string> = {
  0: 'Unpaid',
  1: 'Paid',
  2: 'Refunded',
  3: 'Cancelled',
};

/** The document's payment order States: 0 unpaid, 1 paid, 2 refunded, 3 cancelled. */
export function payStatusWord(status: number): string {
  return PAY_STATUS[status] ?? `Status ${status}`;
}

const PAY_METHOD: Record<number, string> = {
  1: 'messaging-app wallet',
  2: 'payment app',
  3: 'search-portal wallet',
  4: 'carrier pay A',
  5: 'carrier pay B',
  6: 'card-network mobile payment',
  7: 'card swipe',
  8: 'second messaging-app wallet',
};

/** The document's order_type table in words. */
export function payMethodWord(orderType: number): string {
  return PAY_METHOD[orderType] ?? `Type ${orderType}`;
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
export function maskPhone(phone: string): string {
  const p = phone.trim();
  if (p === '') return 'not given';
  if (p.length <= 4) return '••••';
  // Long values keep a bounded mask: the length of the hidden part tells nobody anything useful.
  return `${'•'.repeat(Math.min(p.length - 4, 12))}${p.slice(-4)}`;
}
