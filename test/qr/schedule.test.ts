import { describe, expect, it } from 'vitest';
import {
  checkOffsets,
  detectionDelay,
  jittered,
  maxChecksWithin,
  nextBaseGap,
  qrSchedule,
} from '../../src/qr/schedule.js';

const TEN_MINUTES = 600_000;
/** The bound written in the README: checks of a session left unscanned for 10 minutes. */
const README_BOUND = 37;

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

describe('QR check schedule', () => {
  it('checks every QR_POLL_INTERVAL_MS for the first minute, then grows ×1.5 up to one a minute', () => {
    const s = qrSchedule(3000);

    const dense = [0, 10_000, 59_999].map((at) => nextBaseGap(s, 3000, at, 60_000));
    const gaps = [3000];
    for (let i = 0; i < 9; i++) gaps.push(nextBaseGap(s, gaps.at(-1) ?? 0, 60_000, 60_000));

    expect(nextBaseGap(s, 0)).toBe(3000);
    expect(dense).toEqual([3000, 3000, 3000]);
    expect(gaps).toEqual([3000, 4500, 6750, 10125, 15188, 22782, 34173, 51260, 60000, 60000]);
  });

  it('a re-armed dense phase goes back to the first gap, whatever the gap had grown to', () => {
    const s = qrSchedule(3000);

    expect(nextBaseGap(s, 60_000, 300_000, 320_000)).toBe(3000);
    expect(nextBaseGap(s, 3000, 320_000, 320_000)).toBe(4500);
  });

  it('moves each gap by at most ±10 %', () => {
    const s = qrSchedule(3000);

    expect(jittered(s, 10_000, () => 0)).toBe(9000);
    expect(jittered(s, 10_000, () => 0.999999)).toBe(11_000);
  });

  it('a session left unscanned for 10 minutes takes at most 40 checks (simulated)', () => {
    const s = qrSchedule(3000);

    const bound = maxChecksWithin(s, TEN_MINUTES);
    const random = seeded(1);
    const runs = Array.from({ length: 2000 }, () => checkOffsets(s, TEN_MINUTES, random).length);

    expect(bound).toBe(README_BOUND);
    expect(bound).toBeLessThanOrEqual(40);
    expect(Math.max(...runs)).toBeLessThanOrEqual(bound);
    // Fixed polling every 3 s would have made 200 paid checks.
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(30);
  });

  it('a scan at a random moment of the first minute waits ≤ 3 s at the median and ≤ 5 s at p90 for its check', () => {
    const s = qrSchedule(3000);
    const random = seeded(3);

    const waits = Array.from({ length: 5000 }, () => {
      const offsets = checkOffsets(s, 120_000, random);
      return detectionDelay(offsets, random() * 60_000);
    });

    // Half a gap on average: the check's answer and the edit come on top (see the benchmark).
    expect(percentile(waits, 0.5)).toBeLessThanOrEqual(2000);
    expect(percentile(waits, 0.9)).toBeLessThanOrEqual(3500);
  });

  it('spreads sessions created together so they do not check in lockstep', () => {
    const s = qrSchedule(3000);

    const random = seeded(7);
    const firsts = Array.from({ length: 50 }, () => checkOffsets(s, 10_000, random)[0]);

    expect(new Set(firsts).size).toBeGreaterThan(40);
    expect(Math.min(...(firsts as number[]))).toBeGreaterThanOrEqual(2700);
    expect(Math.max(...(firsts as number[]))).toBeLessThanOrEqual(3300);
  });
});
