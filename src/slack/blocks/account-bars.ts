import type { DailyStat, DistributionEntry } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
import { count, esc } from './format.js';
import { escapeMrkdwn, moreLine } from './limits.js';

const BAR = 10;
const TOP = 5;

/** `█████░░░░░ 52%`, with integer arithmetic; share is `part / whole`. */
export function textBar(part: number, whole: number): string {
  const pct = whole > 0 ? Math.round((Math.max(0, part) * 100) / whole) : 0;
  const filled = Math.min(BAR, Math.round(pct / 10));
  return `${'█'.repeat(filled)}${'░'.repeat(BAR - filled)} ${pct}%`;
}

/**
 * The top 5 entries of a distribution as labelled text bars (share of the summed counts), then
 * "… N more". Entries without a count are listed after counted ones, without a bar.
 */
export function distributionLines(entries: DistributionEntry[], t: Translate): string[] {
  if (entries.length === 0) return ['—'];
  const whole = entries.reduce((sum, e) => sum + Math.max(0, e.count ?? 0), 0);
  const sorted = [...entries].sort((a, b) => (b.count ?? -1) - (a.count ?? -1));
  const lines = sorted.slice(0, TOP).map((e) => {
    const label = esc(e.label, 60) || '—';
    if (e.count === undefined) return label;
    return `\`${textBar(e.count, whole)}\` ${label} (${count(e.count)})`;
  });
  if (entries.length > TOP) lines.push(moreLine(entries.length - TOP, t));
  return lines;
}

const COLUMNS = [
  'lookup.account.col.date',
  'lookup.account.col.plays',
  'lookup.account.col.newFans',
  'lookup.account.col.likes',
  'lookup.account.col.comments',
  'lookup.account.col.shares',
  'lookup.account.col.visitors',
] as const;
const MAX_ROWS = 14;
const CELL = 10;

function cell(text: string): string {
  return text.length > CELL ? `${text.slice(0, CELL - 1)}…` : text;
}

/** Display width in a monospace font: a CJK character takes two columns. */
function width(text: string): number {
  let n = 0;
  for (const ch of text)
    n +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
        ch,
      )
        ? 2
        : 1;
  return n;
}

const padEnd = (text: string, w: number) => text + ' '.repeat(Math.max(0, w - width(text)));
const padStart = (text: string, w: number) => ' '.repeat(Math.max(0, w - width(text))) + text;

/** The daily stats as a monospace table inside a code block (under 3000 characters). */
export function dailyTable(daily: DailyStat[], t: Translate): string {
  if (daily.length === 0) return `_${t('lookup.account.noDaily')}_`;
  const columns = COLUMNS.map((key) => t(key));
  const rows = daily
    .slice(0, MAX_ROWS)
    .map((d) => [
      cell(d.date.replace(/[`\s]+/g, ' ').trim() || '—'),
      ...[d.newPlays, d.newFans, d.newLikes, d.newComments, d.newShares, d.homeVisitors].map((n) =>
        cell(count(n)),
      ),
    ]);
  const widths = columns.map((c, i) => Math.max(width(c), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? padEnd(c, widths[i] ?? 0) : padStart(c, widths[i] ?? 0)))
      .join(' ')
      .trimEnd();
  // Padded on the raw text so columns line up as shown, then escaped as a whole.
  const body = escapeMrkdwn([line(columns), ...rows.map(line)].join('\n'));
  const more = daily.length > MAX_ROWS ? `\n${moreLine(daily.length - MAX_ROWS, t)}` : '';
  return `\`\`\`\n${body}\n\`\`\`${more}`;
}
