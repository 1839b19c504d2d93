/**
 * Microseconds per call of `fn`: a few untimed warm-up calls, then calls until both `minCalls` are
 * done and `minMs` has passed, timed as one batch (timer overhead spread over the batch).
 */
export function microsPerCall(
  fn: () => unknown,
  opts: { minMs?: number; minCalls?: number; warmup?: number } = {},
): { micros: number; calls: number } {
  const minMs = opts.minMs ?? 300;
  const minCalls = opts.minCalls ?? 20;
  for (let i = 0; i < (opts.warmup ?? 10); i++) fn();
  let calls = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (calls < minCalls || elapsed < minMs) {
    fn();
    calls++;
    elapsed = performance.now() - t0;
  }
  return { micros: (elapsed * 1000) / calls, calls };
}
