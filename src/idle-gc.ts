import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { exposedGc } from './startup-gc.js';

export interface IdleCollectorOptions {
  /** How often the process looks at itself. Default 5 s. */
  everyMs?: number;
  /** Quiet: the event loop busy less than this share of the last look's interval. Default 0.05. */
  quietUtilization?: number;
  /** Collect only when the heap has grown at least this much since the last collection. */
  growthBytes?: number;
  /** V8's gc function (tests pass their own); undefined collects nothing. */
  gc?: (() => void) | undefined;
  heapUsed?: () => number;
  /** Event-loop utilization since the previous call (perf_hooks by default). */
  utilization?: () => number;
  onCollect?: (freedBytes: number, ms: number) => void;
}

export interface IdleCollector {
  /** Runs one look now (the timer calls it; tests call it directly). */
  look(): void;
  stop(): void;
}

/**
 * One full garbage collection once the process has gone quiet after work. V8 collects its old
 * generation only when it nears a limit, and a burst of commands leaves that limit raised and
 * the heap full of the burst's dead objects: measured from outside, the bot sat about 30 MiB above
 * its idle size for as long as nothing came, its heap half dead, while two full collections in a
 * row brought the heap's pages back to about what it held before the burst. So every `everyMs` the process looks at its event loop: when it
 * was quiet and the heap has grown by `growthBytes` since the last collection, it collects (tens
 * of milliseconds, on a loop with nothing else to do). A busy loop is never interrupted.
 */
export function startIdleCollector(options: IdleCollectorOptions = {}): IdleCollector {
  const gc = 'gc' in options ? options.gc : exposedGc();
  const heapUsed = options.heapUsed ?? (() => getHeapStatistics().used_heap_size);
  const utilization = options.utilization ?? loopUtilization();
  const quiet = options.quietUtilization ?? 0.05;
  const growth = options.growthBytes ?? 8 * 2 ** 20;
  let baseline = heapUsed();
  const look = () => {
    const busy = utilization();
    const used = heapUsed();
    if (!gc || busy >= quiet || used - baseline < growth) {
      // A heap that shrank by itself is the new baseline.
      baseline = Math.min(baseline, used);
      return;
    }
    const t0 = performance.now();
    // The first marks the burst's pages as mostly dead; the second moves what lives on them
    // together, so V8 can hand the emptied pages back to the system (one alone frees objects but
    // keeps nearly every page).
    gc();
    gc();
    baseline = heapUsed();
    options.onCollect?.(used - baseline, performance.now() - t0);
  };
  const timer = setInterval(look, options.everyMs ?? 5000);
  timer.unref();
  return { look, stop: () => clearInterval(timer) };
}

function loopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, last);
    last = now;
    return delta.utilization;
  };
}
