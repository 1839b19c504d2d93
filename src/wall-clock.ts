/*
 * Wall-clock arithmetic in a named time zone, shared by the gateway client (reading and writing
 * the gateway's wall-clock times) and the ledger (local days). It sits below both so neither
 * knows of the other; Intl gives the zone's rules, DST included.
 */

/** The fields of a wall clock, zero-padded as they are written: `2026`, `03`, `09`… */
export type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
function wallFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** What the wall clock in `zone` shows at the instant `utcMs`. */
export function wallClockAt(utcMs: number, zone: string): WallClock {
  const parts = wallFormatter(zone).formatToParts(new Date(utcMs));
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** Offset of `zone` from UTC at the instant `utcMs`, in milliseconds. */
export function zoneOffsetMs(utcMs: number, zone: string): number {
  const w = wallClockAt(utcMs, zone);
  const asUtc = Date.UTC(
    Number(w.year),
    Number(w.month) - 1,
    Number(w.day),
    Number(w.hour),
    Number(w.minute),
    Number(w.second),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `zone` shows `wallMs` (a wall-clock time written as if
 * it were UTC, e.g. `Date.UTC(2026, 2, 9)` for local midnight of 9 March). Two passes settle the
 * offset across a DST change; a time skipped by one lands on the far side of the gap.
 */
export function wallToInstant(wallMs: number, zone: string): number {
  const first = wallMs - zoneOffsetMs(wallMs, zone);
  return wallMs - zoneOffsetMs(first, zone);
}
