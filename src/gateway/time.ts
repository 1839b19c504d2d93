const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

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

/** Offset of `zone` from UTC at the instant `utcMs`, in milliseconds. */
function zoneOffsetMs(utcMs: number, zone: string): number {
  const parts = wallFormatter(zone).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** `yyyy-MM-dd HH:mm:ss` read as wall-clock time in `zone` → the UTC instant, or undefined. */
export function wallClockToInstant(text: string, zone: string): Date | undefined {
  const m = WALL.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  // Two passes settle the offset across a DST change.
  let utc = guess - zoneOffsetMs(guess, zone);
  utc = guess - zoneOffsetMs(utc, zone);
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An instant → `yyyy-MM-dd HH:mm:ss` wall-clock time in `zone`. */
export function instantToWallClock(instant: Date, zone: string): string {
  const parts = wallFormatter(zone).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
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
