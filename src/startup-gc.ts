import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection at the end of start-up, before listening (production's entry point
 * only; see StartOptions.primeAcks). Until then a fresh process had never had one: its heap,
 * start-up's leftovers included, sat just under V8's first old-generation limit, and the first
 * burst of commands crossed it, so a mark-compact (with concurrent marking on V8's helper threads,
 * competing with the acks for 2 cores) ran in the middle of the acks in every burst measured.
 * After this one the limit is set from what is really live, with room for a burst (README, Load).
 *
 * V8 hands out its `gc` function only to contexts made while `--expose-gc` is on, so the flag is
 * set for the one context made here and then cleared: nothing else in the process sees `gc`, and
 * this works however the bot was started (`npm start`, `node dist/app/main.js`). Should a Node
 * version ever refuse it, start-up goes on without the collection and says so in the log.
 */
export function collectStartupGarbage(
  getGc: () => (() => void) | undefined = exposedGc,
): { ms: number; heapUsedMiB: number } | undefined {
  const gc = getGc();
  if (!gc) return undefined;
  const t0 = performance.now();
  gc();
  return {
    ms: Math.round(performance.now() - t0),
    heapUsedMiB: Math.round(getHeapStatistics().used_heap_size / 2 ** 20),
  };
}

/** V8's `gc`, from a context made while `--expose-gc` is set; undefined where that fails. */
export function exposedGc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
