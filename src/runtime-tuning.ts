import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The process's runtime tuning, in one place, started by one call (tuneRuntime) from the
 * composition root in production only: a full collection at the end of start-up and a collector
 * that runs when the process goes quiet after work. The process flags (V8's young generation,
 * glibc's trim threshold) live in scripts/start.sh; docs/design/startup-and-memory.md gives the
 * figure each piece is kept for.
 */
export interface RuntimeTuning {
  stop(): void;
}

/** The pieces' lines for the log. */
export interface TuningLog {
  info(obj: object, msg: string): void;
  warn(msg: string): void;
  debug(obj: object, msg: string): void;
}

/**
 * Collects start-up's garbage now, then starts the idle collector. Call once, before listening.
 * `work.activity` moves whenever a request's work starts or ends (WorkTracker).
 */
export function tuneRuntime(log: TuningLog, work: { readonly activity: number }): RuntimeTuning {
  const collected = collectStartupGarbage();
  if (collected) log.info(collected, 'start-up garbage collected');
  else log.warn('start-up garbage not collected: this Node gave no gc function');
  const collector = startIdleCollector({
    activity: () => work.activity,
    onCollect: (freed, ms) =>
      log.info({ freedMiB: Math.round(freed / 2 ** 20), ms: Math.round(ms) }, 'idle gc'),
  });
  return { stop: () => collector.stop() };
}

/**
 * One full garbage collection at the end of start-up, before listening, compacting (see
 * `compacting`). A fresh process has had
 * none: its heap, start-up's leftovers included, sits just under V8's first old-generation limit,
 * so the first burst of commands would cross it and run a mark-compact (with concurrent marking
 * on V8's helper threads, competing with the acks for the cores) in the middle of the acks, and
 * the idle collector would measure its growth from a baseline full of garbage. After this one the
 * limit is set from what is really live, with room for a burst
 * (docs/design/startup-and-memory.md gives the figure it is kept for).
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
  compacting(gc, 1);
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

export interface IdleCollectorOptions {
  /** How often the process looks at itself. Default 3 s. */
  everyMs?: number;
  /** Quiet: the event loop busy less than this share of the last look's interval. Default 0.05. */
  quietUtilization?: number;
  /** Collect only when the heap holds at least this much more than after the last collection. */
  growthBytes?: number;
  /** V8's gc function (tests pass their own); undefined collects nothing. */
  gc?: (() => void) | undefined;
  /**
   * What the heap holds from the system (V8's total heap size by default): the pages its objects
   * sit on, dead or alive, which V8's own collections empty without giving back.
   */
  heapSize?: () => number;
  /** Event-loop utilization since the previous call (perf_hooks by default). */
  utilization?: () => number;
  /**
   * A count that moves whenever a request's work starts or ends: quiet also means it has not
   * moved since the last look. (A loop can read as idle while requests keep coming, when the
   * machine is so busy that the thread waits for a core.) Unset: the loop alone decides.
   */
  activity?: () => number;
  onCollect?: (freedBytes: number, ms: number) => void;
}

export interface IdleCollector {
  /** Runs one look now (the timer calls it; tests call it directly). */
  look(): void;
  stop(): void;
}

/**
 * One full garbage collection once the process has gone quiet after work. V8 collects its old
 * generation only when it nears a limit, and a burst of commands leaves that limit raised and the
 * heap full of the burst's dead objects, so the process would stay tens of MiB above its idle size
 * for as long as nothing came (docs/design/startup-and-memory.md gives the figure). So every
 * `everyMs` the process looks at itself: when no request's work started or ended since the last
 * look, its event loop was quiet, and the heap holds `growthBytes` more than after the last
 * collection, it collects (tens of milliseconds, on a loop with nothing else to do). A busy
 * loop is never interrupted.
 */
export function startIdleCollector(options: IdleCollectorOptions = {}): IdleCollector {
  const gc = 'gc' in options ? options.gc : exposedGc();
  const heapSize = options.heapSize ?? (() => getHeapStatistics().total_heap_size);
  const utilization = options.utilization ?? loopUtilization();
  const quiet = options.quietUtilization ?? 0.05;
  const growth = options.growthBytes ?? 8 * 2 ** 20;
  const activity = options.activity ?? (() => 0);
  let baseline = heapSize();
  let lastActivity = activity();
  const look = () => {
    const busy = utilization();
    const size = heapSize();
    const moved = activity() !== lastActivity;
    lastActivity = activity();
    if (!gc || moved || busy >= quiet || size - baseline < growth) {
      // A heap that gave pages back by itself is the new baseline.
      baseline = Math.min(baseline, size);
      return;
    }
    const t0 = performance.now();
    compacting(gc, 2);
    baseline = heapSize();
    options.onCollect?.(size - baseline, performance.now() - t0);
  };
  const timer = setInterval(look, options.everyMs ?? 3000);
  timer.unref();
  return { look, stop: () => clearInterval(timer) };
}

/**
 * Full collections that move every live object together, so the pages they empty go back to the
 * system at once. A plain full collection frees the objects but moves only what sits on the most
 * fragmented pages, and keeps the pages it empties for reuse until V8's memory reducer runs, about
 * 8 s later: the process stays several MiB above its idle size meanwhile
 * (docs/design/startup-and-memory.md gives the figure). The flag holds for these collections only.
 * Two: the first marks the burst's pages as mostly dead; the second moves what lives on them.
 */
function compacting(gc: () => void, times: 1 | 2): void {
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    for (let i = 0; i < times; i++) gc();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
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
