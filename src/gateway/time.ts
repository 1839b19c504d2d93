import { Temporal } from 'temporal-polyfill';

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/**
 * `yyyy-MM-dd HH:mm:ss` read as wall-clock time in `zone` → the UTC instant, or undefined (also
 * for a date or time that does not exist, such as 30 February). A time skipped by a DST change
 * lands on the far side of the gap, and a repeated one on its first pass (Temporal's
 * `compatible`).
 */
export function wallClockToInstant(text: string, zone: string): Date | undefined {
  const m = WALL.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  let wall: Temporal.PlainDateTime;
  try {
    wall = Temporal.PlainDateTime.from(
      { year, month, day, hour, minute, second },
      { overflow: 'reject' },
    );
  } catch {
    return undefined;
  }
  return new Date(wall.toZonedDateTime(zone).epochMilliseconds);
}

/** An instant → `yyyy-MM-dd HH:mm:ss` wall-clock time in `zone`. */
export function instantToWallClock(instant: Date, zone: string): string {
  const wall = Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDateTime();
  return wall.toString({ smallestUnit: 'second' }).replace('T', ' ');
}

/**
 * A gateway time in any documented form: wall-clock text in `zone`, ISO 8601 (with zone, any
 * fraction), epoch milliseconds or seconds (number or digit string). Empty/null → undefined.
 */
export function parseGatewayTime(value: unknown, zone: string): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{9,13}$/.test(value))) {
    const n = Number(value);
    const ms = n < 1e11 ? n * 1000 : n;
    return new Date(ms);
  }
  if (typeof value !== 'string') return undefined;
  const wall = wallClockToInstant(value, zone);
  if (wall) return wall;
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) {
    // JS Date keeps milliseconds; drop extra fraction digits (microseconds) first.
    const trimmed = value.trim().replace(/(\.\d{3})\d+/, '$1');
    const d = new Date(trimmed);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}
