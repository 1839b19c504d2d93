import { describe, expect, it } from 'vitest';
import { qrCheckDistribution } from '../../bench/qr-distribution.js';
import { seededRandom } from '../../bench/random.js';
import { qrSchedule } from '../../src/qr/schedule.js';

describe('qrCheckDistribution', () => {
  it('keeps every simulated session within the schedule bound', () => {
    const d = qrCheckDistribution(qrSchedule(3000), 60_000, 50, seededRandom(1));

    expect(d.sessions).toBe(50);
    expect(d.min).toBeGreaterThan(0);
    expect(d.min).toBeLessThanOrEqual(d.median);
    expect(d.median).toBeLessThanOrEqual(d.max);
    expect(d.max).toBeLessThanOrEqual(d.bound);
  });

  it('gives every session the same count when there is no jitter: 3 s, 4.5 s, 6.75 s … in 20 s', () => {
    // No dense phase: gaps 3000, 4500, 6750 land at 3000, 7500, 14250; the next (10125) would be past 20 s.
    const d = qrCheckDistribution(
      qrSchedule(3000, { jitter: 0, denseMs: 0 }),
      20_000,
      10,
      Math.random,
    );
    // The default dense first minute: every 3 s, so 6 checks in 20 s.
    const dense = qrCheckDistribution(qrSchedule(3000, { jitter: 0 }), 20_000, 10, Math.random);

    expect(d).toMatchObject({ bound: 3, min: 3, median: 3, max: 3, mean: 3 });
    expect(dense).toMatchObject({ bound: 6, min: 6, median: 6, max: 6, mean: 6 });
  });

  it('is the same for the same seed, so runs can be compared', () => {
    const a = qrCheckDistribution(qrSchedule(3000), 600_000, 20, seededRandom(42));
    const b = qrCheckDistribution(qrSchedule(3000), 600_000, 20, seededRandom(42));

    expect(a).toEqual(b);
  });
});
