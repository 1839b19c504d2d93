import { describe, expect, it } from 'vitest';
import {
  checkOffsets,
  jittered,
  maxChecksWithin,
  nextBaseGap,
  qrSchedule,
} from '../../src/qr/schedule.js';

const TEN_MINUTES = 600_000;
/** The bound written in the README: checks of a session left unscanned for 10 minutes. */
const README_BOUND = 28;

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('QR check schedule', () => {
  it('starts at QR_POLL_INTERVAL_MS and grows ×1.5 up to the 30 s cap', () => {
    const s = qrSchedule(3000);

    const gaps = [nextBaseGap(s, 0)];
    for (let i = 0; i < 8; i++) gaps.push(nextBaseGap(s, gaps.at(-1) ?? 0));

    expect(gaps).toEqual([3000, 4500, 6750, 10125, 15188, 22782, 30000, 30000, 30000]);
  });

  it('moves each gap by at most ±20 %', () => {
    const s = qrSchedule(3000);

    const low = jittered(s, 10_000, () => 0);
    const high = jittered(s, 10_000, () => 0.999999);

    expect(low).toBe(8000);
    expect(high).toBe(12_000);
  });

  it('bounds the checks of a session unscanned for 10 minutes under the defaults', () => {
    const s = qrSchedule(3000);

    const bound = maxChecksWithin(s, TEN_MINUTES);
    const random = seeded(1);
    const runs = Array.from({ length: 500 }, () => checkOffsets(s, TEN_MINUTES, random).length);

    expect(bound).toBe(README_BOUND);
    expect(Math.max(...runs)).toBeLessThanOrEqual(bound);
    // Fixed polling every 3 s would have made 200 paid checks.
    expect(bound).toBeLessThan(TEN_MINUTES / 3000 / 7);
  });

  it('spreads sessions created together so they do not check in lockstep', () => {
    const s = qrSchedule(3000);

    const random = seeded(7);
    const firsts = Array.from({ length: 50 }, () => checkOffsets(s, 10_000, random)[0]);

    expect(new Set(firsts).size).toBeGreaterThan(40);
    expect(Math.min(...(firsts as number[]))).toBeGreaterThanOrEqual(2400);
    expect(Math.max(...(firsts as number[]))).toBeLessThanOrEqual(3600);
  });
});
