import type { BenchResult } from './report.js';

/** How long an overrun benchmark gets, once told to stop, to close the processes it started. */
const CLOSE_WITHIN_MS = 60_000;

/**
 * Runs one benchmark within `limitMs`. A failure or overrun becomes a result saying so (met:
 * false), so one broken benchmark never hides the others' figures. On an overrun the benchmark's
 * `signal` is aborted and it gets `closeWithinMs` to stop what it started (its bots, sandbox and
 * samplers) before the next one runs, so a run that lost the race does not go on loading the
 * machine under the benchmarks after it.
 */
export async function guarded(
  name: string,
  limitMs: number,
  run: (signal: AbortSignal) => Promise<BenchResult[]>,
  closeWithinMs = CLOSE_WITHIN_MS,
): Promise<BenchResult[]> {
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${limitMs} ms`)), limitMs);
  });
  const running = run(stop.signal);
  try {
    return await Promise.race([running, overrun]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!stop.signal.aborted) stop.abort(err);
    await settledWithin(running, closeWithinMs);
    return [{ name, figures: { error: message }, met: false }];
  } finally {
    clearTimeout(timer);
  }
}

async function settledWithin(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
