import type { BenchResult } from './report.js';

/**
 * Runs one benchmark within `limitMs`. A failure or overrun becomes a result saying so (met:
 * false), so one broken benchmark never hides the others' figures.
 */
export async function guarded(
  name: string,
  limitMs: number,
  run: () => Promise<BenchResult[]>,
): Promise<BenchResult[]> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${limitMs} ms`)), limitMs);
  });
  try {
    return await Promise.race([run(), overrun]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return [{ name, figures: { error: message }, met: false }];
  } finally {
    clearTimeout(timer);
  }
}
