import { checkOffsets, maxChecksWithin, type QrSchedule } from '../src/qr/schedule.js';
import { percentile } from './stats.js';

export interface QrDistribution {
  sessions: number;
  /** The schedule's own bound: every gap at its jitter's low end. */
  bound: number;
  min: number;
  median: number;
  max: number;
  mean: number;
}

/** Checks each of `sessions` simulated sessions takes within `windowMs` under `schedule`. */
export function qrCheckDistribution(
  schedule: QrSchedule,
  windowMs: number,
  sessions: number,
  random: () => number,
): QrDistribution {
  const counts = Array.from(
    { length: sessions },
    () => checkOffsets(schedule, windowMs, random).length,
  );
  return {
    sessions,
    bound: maxChecksWithin(schedule, windowMs),
    min: Math.min(...counts),
    median: percentile(counts, 0.5),
    max: Math.max(...counts),
    mean: counts.reduce((s, c) => s + c, 0) / Math.max(1, sessions),
  };
}
