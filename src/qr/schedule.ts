/**
 * When a QR session is checked next. Every status check costs points, and the person holding the
 * phone scans within the first minute or not at all: so checks are dense while a scan is likely
 * (every `firstMs` for `denseMs` after the code is shown, and again for `burstMs` after a click on
 * "I've scanned it" or "Check again"), then the gap grows by `growth` up to `capMs`. Jitter keeps
 * many sessions created together from checking in lockstep. docs/usage/qr-onboarding.md ("How
 * often the status is checked") shows the arithmetic.
 */
export interface QrSchedule {
  /** Gap between checks in the dense phase, and before the first check (QR_POLL_INTERVAL_MS). */
  firstMs: number;
  /** How long after the code is shown the checks stay dense. */
  denseMs: number;
  /** How long a click ("I've scanned it", "Check again") makes them dense again. */
  burstMs: number;
  /** After the dense phase each gap is the previous one times this… */
  growth: number;
  /** …up to this. */
  capMs: number;
  /** Each gap is moved by up to ± this fraction at random. */
  jitter: number;
}

export const DEFAULT_QR_DENSE_MS = 60_000;
export const DEFAULT_QR_BURST_MS = 20_000;
export const DEFAULT_QR_GROWTH = 1.5;
export const DEFAULT_QR_CAP_MS = 60_000;
export const DEFAULT_QR_JITTER = 0.1;

export function qrSchedule(
  pollIntervalMs: number,
  overrides: Partial<Omit<QrSchedule, 'firstMs'>> = {},
): QrSchedule {
  const capMs = overrides.capMs ?? DEFAULT_QR_CAP_MS;
  return {
    firstMs: pollIntervalMs,
    denseMs: Math.max(0, overrides.denseMs ?? DEFAULT_QR_DENSE_MS),
    burstMs: Math.max(0, overrides.burstMs ?? DEFAULT_QR_BURST_MS),
    growth: Math.max(1, overrides.growth ?? DEFAULT_QR_GROWTH),
    // A cap below the first gap would shrink the gaps; the first gap wins.
    capMs: Math.max(capMs, pollIntervalMs),
    jitter: Math.min(Math.max(overrides.jitter ?? DEFAULT_QR_JITTER, 0), 0.9),
  };
}

/**
 * The base gap of the check after one made at `atMs`: `firstMs` while dense (before `denseUntil`)
 * or before any check (`previousMs` 0), else the previous base gap grown, within [firstMs, capMs].
 */
export function nextBaseGap(
  s: QrSchedule,
  previousMs: number,
  atMs = Number.POSITIVE_INFINITY,
  denseUntil = Number.NEGATIVE_INFINITY,
): number {
  if (previousMs <= 0 || atMs < denseUntil) return s.firstMs;
  return Math.min(s.capMs, Math.max(s.firstMs, Math.round(previousMs * s.growth)));
}

/** `baseMs` moved by the jitter; `random` in [0, 1). */
export function jittered(s: QrSchedule, baseMs: number, random: () => number): number {
  const factor = 1 - s.jitter + 2 * s.jitter * random();
  return Math.max(1, Math.round(baseMs * factor));
}

/**
 * Offsets from creation of every check made within `windowMs` of a session nobody scans (checks
 * taking no time): the schedule as the watcher runs it.
 */
export function checkOffsets(s: QrSchedule, windowMs: number, random: () => number): number[] {
  const out: number[] = [];
  let base = nextBaseGap(s, 0);
  let at = jittered(s, base, random);
  while (at <= windowMs) {
    out.push(at);
    base = nextBaseGap(s, base, at, s.denseMs);
    at += jittered(s, base, random);
  }
  return out;
}

/** The most checks a session can take within `windowMs`: every gap at its jitter's low end. */
export function maxChecksWithin(s: QrSchedule, windowMs: number): number {
  return checkOffsets(s, windowMs, () => 0).length;
}

/** How long a scan at `scanAtMs` waits for the first check at or after it (no check: Infinity). */
export function detectionDelay(offsets: readonly number[], scanAtMs: number): number {
  const next = offsets.find((at) => at >= scanAtMs);
  return next === undefined ? Number.POSITIVE_INFINITY : next - scanAtMs;
}
