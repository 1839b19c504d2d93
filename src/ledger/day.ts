/** One local calendar day in a time zone: [start, end) as UTC instants, and its `YYYY-MM-DD` key. */
export interface DayRange {
  key: string;
  start: Date;
  end: Date;
}

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl formatter is slow; one per zone and shape is kept. */
function formatter(timeZone: string, shape: 'date' | 'wall'): Intl.DateTimeFormat {
  const id = `${shape} ${timeZone}`;
  let f = formatters.get(id);
  if (!f) {
    f =
      shape === 'date'
        ? new Intl.DateTimeFormat('en-CA', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
          });
    formatters.set(id, f);
  }
  return f;
}

function keyAt(ms: number, timeZone: string): string {
  const parts = formatter(timeZone, 'date').formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
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

/** Offset of `timeZone` from UTC at `ms`, from the wall clock it shows (whole minutes suffice). */
function offsetAt(ms: number, timeZone: string): number {
  const wall = formatter(timeZone, 'wall').formatToParts(new Date(ms));
  const get = (t: string) => Number(wall.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/** The first instant whose local day is `key`. */
function startOfKey(key: string, timeZone: string): number {
  const midnight = keyToUtcMidnight(key);
  let t = midnight - offsetAt(midnight, timeZone);
  t = midnight - offsetAt(t, timeZone);
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
