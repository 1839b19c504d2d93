import type { Translate } from '../../i18n/translator.js';

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const clocks = new Map<string, Intl.DateTimeFormat>();
const stamps = new Map<string, Intl.DateTimeFormat>();

/** Whole points with thousands separators: `1,234`. */
export function formatPoints(n: number): string {
  return grouping.format(n);
}

/** `12 points`, `1 point`, `12 积分`. */
export function pointsWord(n: number, t: Translate): string {
  return t('count.points', { points: n });
}

/** A signed change: `+12 points (+10 %)`, `−3 points (−20 %)`, `no change`. */
export function changeWords(current: number, previous: number, t: Translate): string {
  const diff = current - previous;
  if (diff === 0) return t('spend.change.none');
  const sign = diff > 0 ? '+' : '−';
  const amount = `${sign}${pointsWord(Math.abs(diff), t)}`;
  if (previous <= 0) return t('spend.change.firstDay', { amount });
  const pct = Math.round((Math.abs(diff) / previous) * 100);
  return t('spend.change.percent', { amount, percent: `${sign}${pct}` });
}

function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, withDate: boolean) {
  let f = map.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      ...(withDate ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
    });
    map.set(timeZone, f);
  }
  return f;
}

/** `HH:MM` on the wall clock of `timeZone`. */
export function localClock(instant: Date, timeZone: string): string {
  const parts = cached(clocks, timeZone, false).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('hour')}:${get('minute')}`;
}

/** `YYYY-MM-DD HH:MM` on the wall clock of `timeZone`. */
export function localStamp(instant: Date, timeZone: string): string {
  const parts = cached(stamps, timeZone, true).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
