import { wallClockAt, wallToInstant } from '../wall-clock.js';

/** One local calendar day in a time zone: [start, end) as UTC instants, and its `YYYY-MM-DD` key. */
export interface DayRange {
  key: string;
  start: Date;
  end: Date;
}

const HOUR_MS = 3_600_000;

function keyAt(ms: number, timeZone: string): string {
  const w = wallClockAt(ms, timeZone);
  return `${w.year}-${w.month}-${w.day}`;
}

/** The local calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function dayKey(instant: Date, timeZone: string): string {
  return keyAt(instant.getTime(), timeZone);
}

function keyToUtcMidnight(key: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function nextKey(key: string): string {
  return new Date(keyToUtcMidnight(key) + 24 * HOUR_MS).toISOString().slice(0, 10);
}

/** The first instant whose local day is `key`. */
function startOfKey(key: string, timeZone: string): number {
  const t = wallToInstant(keyToUtcMidnight(key), timeZone);
  if (keyAt(t, timeZone) === key && keyAt(t - 1, timeZone) < key) return t;
  // Local midnight skipped or doubled by a clock change: search for the day's first instant.
  let lo = t - 6 * HOUR_MS;
  let hi = t + 6 * HOUR_MS;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (keyAt(mid, timeZone) >= key) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The local day containing `instant` in `timeZone` (23 or 25 hours long across DST changes). */
export function dayRange(instant: Date, timeZone: string): DayRange {
  const key = dayKey(instant, timeZone);
  return {
    key,
    start: new Date(startOfKey(key, timeZone)),
    end: new Date(startOfKey(nextKey(key), timeZone)),
  };
}

/** Every local day that overlaps [from, to), in order; the first and last may be partial. */
export function daysBetween(from: Date, to: Date, timeZone: string): DayRange[] {
  const days: DayRange[] = [];
  if (to.getTime() <= from.getTime()) return days;
  let day = dayRange(from, timeZone);
  for (;;) {
    days.push(day);
    if (day.end.getTime() >= to.getTime()) return days;
    day = dayRange(day.end, timeZone);
  }
}
