/**
 * The gateway's wall-clock times are read in GATEWAY_TIMEZONE (default Asia/Shanghai); the sandbox
 * writes them in Shanghai time, which has had a fixed UTC+8 offset and no daylight saving since 1991.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 86_400_000;

/** epoch ms → 'yyyy-MM-dd HH:mm:ss' in Shanghai */
export function wallClock(ms: number): string {
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** epoch ms → 'yyyy-MM-dd' in Shanghai */
export function wallDate(ms: number): string {
  return wallClock(ms).slice(0, 10);
}

/** epoch ms plus a microsecond part → '2024-05-01T03:04:05.123456Z' (UTC, as one response sample shows) */
export function isoMicros(ms: number, micros: number): string {
  const base = new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
  return `${base}.${String(micros).padStart(6, '0')}Z`;
}

/** Start of the Shanghai day holding `ms`. */
export function shanghaiDayStart(ms: number): number {
  return Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** 'yyyy-MM-dd[ HH:mm[:ss]]' read in Shanghai → epoch ms, or undefined when unreadable. */
export function parseWallClock(text: string): number | undefined {
  const m = WALL.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - SHANGHAI_OFFSET_MS;
  return Number.isNaN(ms) || wallClock(ms).slice(0, 10) !== m.slice(1, 4).join('-')
    ? undefined
    : ms;
}
