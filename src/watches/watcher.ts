import type { OrderWatchDeps } from './ports.js';
import type { WatchKey } from './watch-row.js';
import {
  claimWatch,
  dueWatches,
  releaseAllWatches,
  releaseWatch,
  updateLeasedWatch,
} from './watch-store.js';
import { workOnWatch } from './work-on-watch.js';

export interface OrderWatcher {
  start(): void;
  /** Stops picking work, waits for the checks in hand and hands their leases back. */
  stop(): Promise<void>;
  /** Look for due work now (a watch was just created). */
  kick(): void;
}

export interface OrderWatcherOptions {
  deps: OrderWatchDeps;
  /** Unique per process: the owner of this watcher's leases. */
  workerId: string;
  /** How often the store is asked for due watches. Default: a tenth of the interval, 20..1000 ms. */
  tickMs?: number;
  /** How long a claimed watch is ours; renewed while a check runs. Default 60 s. */
  leaseMs?: number;
  /** Watches checked at once by this process. Default 10. */
  maxInFlight?: number;
}

/**
 * One loop per process for every order watch of every workspace, modelled on the QR watcher: the
 * store says which watches are due, each is claimed with a lease (one replica checks a watch at
 * a time) and checked; a restart picks the watches up from the store with their next check.
 */
export function createOrderWatcher(options: OrderWatcherOptions): OrderWatcher {
  const { deps } = options;
  const interval = deps.config.orderWatch.intervalMs;
  const tickMs = options.tickMs ?? Math.min(1000, Math.max(20, Math.floor(interval / 10)));
  const leaseMs = options.leaseMs ?? 60_000;
  const maxInFlight = options.maxInFlight ?? 10;
  const owner = options.workerId;
  const log = deps.logger.child({ component: 'order-watcher', workerId: owner });
  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  const id = (k: WatchKey) => `${k.workspaceId}\u0000${k.watchId}`;

  async function take(key: WatchKey): Promise<void> {
    const row = await claimWatch(deps.store.db, key, owner, deps.clock().getTime(), leaseMs);
    if (!row) return;
    const heartbeat = setInterval(
      () => {
        const until = deps.clock().getTime() + leaseMs;
        updateLeasedWatch(deps.store.db, key, owner, { lease_until: until }).catch((err) =>
          log.warn({ err, watchId: key.watchId }, 'order watch lease renewal failed'),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const work = workOnWatch(deps, owner, row)
      .catch((err) => log.error({ err, watchId: key.watchId }, 'order watch work failed'))
      .finally(() => clearInterval(heartbeat))
      .then(() => releaseWatch(deps.store.db, key, owner))
      .catch((err) => log.error({ err, watchId: key.watchId }, 'order watch release failed'))
      .finally(() => inFlight.delete(id(key)));
    inFlight.set(id(key), work);
  }

  async function tickOnce(): Promise<void> {
    const free = maxInFlight - inFlight.size;
    if (free <= 0) return;
    const due = await dueWatches(deps.store.db, deps.clock().getTime(), free + inFlight.size);
    for (const key of due) {
      if (!running || inFlight.size >= maxInFlight) break;
      if (!inFlight.has(id(key))) await take(key);
    }
  }

  function plan(delayMs: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick(): void {
    if (!running || ticking) return;
    ticking = tickOnce()
      .catch((err) => log.error({ err }, 'order watcher tick failed'))
      .finally(() => {
        ticking = undefined;
        plan(tickMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      log.info({ tickMs, leaseMs }, 'order watcher started');
      plan(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await ticking;
      await Promise.all(inFlight.values());
      await releaseAllWatches(deps.store.db, owner);
    },
    kick() {
      if (running && !ticking) plan(0);
    },
  };
}
