/** Value at quantile `q` (0..1) of `values`, nearest-rank on a sorted copy; NaN when empty. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(Math.min(Math.max(q, 0), 1) * sorted.length);
  return sorted[Math.max(0, rank - 1)] ?? Number.NaN;
}

export interface Spread {
  min: number;
  p50: number;
  p95: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  return {
    min: values.length ? Math.min(...values) : Number.NaN,
    p50: percentile(values, 0.5),
    p95: percentile(values, 0.95),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

/**
 * The most instants that fall inside any one window of `windowMs` (half-open, as the gateway's
 * sliding limit counts them: an arrival at t and one at t + windowMs are in different windows).
 */
export function windowMax(instants: readonly number[], windowMs: number): number {
  const sorted = [...instants].sort((a, b) => a - b);
  let best = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while ((sorted[last] ?? 0) - (sorted[first] ?? 0) >= windowMs) first++;
    best = Math.max(best, last - first + 1);
  }
  return best;
}

/** Smallest gap between consecutive instants (NaN with fewer than two). */
export function minGap(instants: readonly number[]): number {
  const sorted = [...instants].sort((a, b) => a - b);
  let gap = Number.NaN;
  for (let i = 1; i < sorted.length; i++) {
    const d = (sorted[i] ?? 0) - (sorted[i - 1] ?? 0);
    gap = Number.isNaN(gap) ? d : Math.min(gap, d);
  }
  return gap;
}

/** Rounded for a report: 1 decimal at or above 10, else 2 (NaN becomes null, as JSON would). */
export function round(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const digits = Math.abs(value) >= 10 ? 1 : 2;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * `a` over `b`, rounded as `round` does: the bot's figure over plain Bolt's from the same run.
 * Null when either is missing or `b` is not above 0.
 */
export function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b) || b <= 0
    ? null
    : round(a / b);
}
