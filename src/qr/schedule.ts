/**
 * When a QR session is checked next. Every status check costs points, so the gap grows as the
 * session ages (a code is usually scanned soon after it is shown, or not at all), up to a cap;
 * jitter keeps many sessions created together from checking in lockstep.
 */
export interface QrSchedule {
  /** Gap before the first check (QR_POLL_INTERVAL_MS). */
  firstMs: number;
  /** Each gap is the previous one times this. */
  growth: number;
  /** No gap grows beyond this. */
  capMs: number;
  /** Each gap is moved by up to ± this fraction at random. */
  jitter: number;
}

export const DEFAULT_QR_GROWTH = 1.5;
export const DEFAULT_QR_CAP_MS = 30_000;
export const DEFAULT_QR_JITTER = 0.2;

export function qrSchedule(
  pollIntervalMs: number,
  overrides: Partial<Omit<QrSchedule, 'firstMs'>> = {},
): QrSchedule {
  const capMs = overrides.capMs ?? DEFAULT_QR_CAP_MS;
  return {
    firstMs: pollIntervalMs,
    growth: overrides.growth ?? DEFAULT_QR_GROWTH,
    // A cap below the first gap would shrink the gaps; the first gap wins.
    capMs: Math.max(capMs, pollIntervalMs),
    jitter: Math.min(Math.max(overrides.jitter ?? DEFAULT_QR_JITTER, 0), 0.9),
  };
}

/** The base gap after `previousMs` (0: none yet, so the first gap). */
export function nextBaseGap(s: QrSchedule, previousMs: number): number {
  if (previousMs <= 0) return s.firstMs;
  return Math.min(s.capMs, Math.round(previousMs * s.growth));
}

/** `baseMs` moved by the jitter; `random` in [0, 1). */
export function jittered(s: QrSchedule, baseMs: number, random: () => number): number {
  const factor = 1 - s.jitter + 2 * s.jitter * random();
  return Math.max(1, Math.round(baseMs * factor));
}

/** Offsets from creation of every check made within `windowMs` (checks taking no time). */
export function checkOffsets(s: QrSchedule, windowMs: number, random: () => number): number[] {
  const out: number[] = [];
  let base = nextBaseGap(s, 0);
  let at = jittered(s, base, random);
  while (at <= windowMs) {
    out.push(at);
    base = nextBaseGap(s, base);
    at += jittered(s, base, random);
  }
  return out;
}

/** The most checks a session can take within `windowMs`: every gap at its jitter's low end. */
export function maxChecksWithin(s: QrSchedule, windowMs: number): number {
  return checkOffsets(s, windowMs, () => 0).length;
}
