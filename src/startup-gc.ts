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
 * this works however the bot was started (`npm start`, `node dist/app/main.js`, the image).
 */
export function collectStartupGarbage(): { ms: number; heapUsedMiB: number } {
  setFlagsFromString('--expose-gc');
  let gc: () => void;
  try {
    gc = runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  const t0 = performance.now();
  gc();
  return {
    ms: Math.round(performance.now() - t0),
    heapUsedMiB: Math.round(getHeapStatistics().used_heap_size / 2 ** 20),
  };
}
