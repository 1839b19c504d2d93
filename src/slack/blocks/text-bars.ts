import { formatPoints } from './spend-format.js';

const FULL = '█';
const EMPTY = '░';

/**
 * One line per day, `2026-11-20  ████████░░  120`, bars scaled to the largest day. A day with any
 * positive spend shows at least one block; zero or net-refund days show an empty bar.
 */
export function dayBarLines(days: { day: string; net: number }[], width = 10): string[] {
  const max = Math.max(0, ...days.map((d) => d.net));
  const numbers = days.map((d) => formatPoints(d.net));
  const pad = Math.max(0, ...numbers.map((n) => n.length));
  return days.map((d, i) => {
    const filled = max > 0 && d.net > 0 ? Math.max(1, Math.round((d.net / max) * width)) : 0;
    const bar = FULL.repeat(filled) + EMPTY.repeat(width - filled);
    return `${d.day}  ${bar}  ${(numbers[i] ?? '').padStart(pad)}`;
  });
}
