import type { DailyStat, DistributionEntry } from '../../gateway/operations/index.js';
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
export function distributionLines(entries: DistributionEntry[]): string[] {
  if (entries.length === 0) return ['—'];
  const whole = entries.reduce((sum, e) => sum + Math.max(0, e.count ?? 0), 0);
  const sorted = [...entries].sort((a, b) => (b.count ?? -1) - (a.count ?? -1));
  const lines = sorted.slice(0, TOP).map((e) => {
    const label = esc(e.label, 60) || '—';
    if (e.count === undefined) return label;
    return `\`${textBar(e.count, whole)}\` ${label} (${count(e.count)})`;
  });
  if (entries.length > TOP) lines.push(moreLine(entries.length - TOP));
  return lines;
}

const COLUMNS = ['date', 'plays', 'new fans', 'likes', 'comments', 'shares', 'visitors'];
const MAX_ROWS = 14;
const CELL = 10;

function cell(text: string): string {
  return text.length > CELL ? `${text.slice(0, CELL - 1)}…` : text;
}

/** The daily stats as a monospace table inside a code block (under 3000 characters). */
export function dailyTable(daily: DailyStat[]): string {
  if (daily.length === 0) return '_No daily statistics were returned._';
  const rows = daily
    .slice(0, MAX_ROWS)
    .map((d) => [
      cell(d.date.replace(/[`\s]+/g, ' ').trim() || '—'),
      ...[d.newPlays, d.newFans, d.newLikes, d.newComments, d.newShares, d.homeVisitors].map((n) =>
        cell(count(n)),
      ),
    ]);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join(' ')
      .trimEnd();
  // Padded on the raw text so columns line up as shown, then escaped as a whole.
  const body = escapeMrkdwn([line(COLUMNS), ...rows.map(line)].join('\n'));
  const more = daily.length > MAX_ROWS ? `\n${moreLine(daily.length - MAX_ROWS)}` : '';
  return `\`\`\`\n${body}\n\`\`\`${more}`;
}
