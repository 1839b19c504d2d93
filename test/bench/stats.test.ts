import { describe, expect, it } from 'vitest';
import { minGap, percentile, ratio, round, spread, windowMax } from '../../bench/stats.js';

describe('windowMax', () => {
  it('counts 10 arrivals in a second when they are 100 ms apart', () => {
    const arrivals = Array.from({ length: 30 }, (_, i) => 5_000 + i * 100);

    expect(windowMax(arrivals, 1000)).toBe(10);
  });

  it('counts an arrival exactly one window later in a new window, as the gateway does', () => {
    expect(windowMax([0, 999, 1000], 1000)).toBe(2);
    expect(windowMax([0, 998, 999], 1000)).toBe(3);
  });

  it('finds the densest second wherever it lies, in any input order', () => {
    const arrivals = [7000, 0, 3000, 3100, 3200, 3300, 9000, 3999];

    expect(windowMax(arrivals, 1000)).toBe(5);
  });

  it('is 0 for no arrivals', () => {
    expect(windowMax([], 1000)).toBe(0);
  });
});

describe('percentiles and gaps', () => {
  it('takes the nearest rank: p50 and p95 of 1..100 are 50 and 95', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);

    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(spread(values)).toEqual({ min: 1, p50: 50, p95: 95, max: 100 });
  });

  it('reports the smallest gap between neighbours', () => {
    expect(minGap([300, 0, 110, 205])).toBe(95);
    expect(minGap([1])).toBeNaN();
  });

  it('rounds for the report and turns what is not a number into null', () => {
    expect(round(2679.234)).toBe(2679.2);
    expect(round(9.1534)).toBe(9.15);
    expect(round(Number.NaN)).toBeNull();
  });
});

describe('ratio', () => {
  it('divides the bot’s figure by the reference’s, rounded for the report', () => {
    expect(ratio(58.5, 77.8)).toBe(0.75);
    expect(ratio(105, 70)).toBe(1.5);
  });

  it('is null when either figure is missing or the reference is not above 0', () => {
    expect(ratio(null, 10)).toBeNull();
    expect(ratio(10, null)).toBeNull();
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(Number.NaN, 10)).toBeNull();
  });
});
