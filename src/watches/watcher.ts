import { createLeasedLoop, type LeasedLoop, lateSeconds } from '../store/leased-loop.js';
import type { OrderWatchDeps } from './ports.js';
import { watchTable } from './watch-store.js';
import { workOnWatch } from './work-on-watch.js';

export type OrderWatcher = LeasedLoop;

export interface OrderWatcherOptions {
  deps: OrderWatchDeps;
  /** Unique per process: the owner of this watcher's leases. */
  workerId: string;
  /** How often the store is asked for due watches. Default: a tenth of the interval, 20..1000 ms. */
  tickMs?: number;
  /**
   * How long a claimed watch is ours; renewed every third of it while a check runs. Default 15 s:
   * a replica that dies mid-check holds its watch no longer than that.
   */
  leaseMs?: number;
  /** Watches checked at once by this process. Default 10. */
  maxInFlight?: number;
  /** Told how late (seconds after its due time) each check was claimed. */
  lateness?: (seconds: number) => void;
}

/**
 * One loop per process for every order watch of every workspace, modelled on the QR watcher: the
 * store says which watches are due, each is claimed with a lease (one replica checks a watch at
 * a time) and checked; a restart picks the watches up from the store with their next check.
 */
export function createOrderWatcher(options: OrderWatcherOptions): OrderWatcher {
  const { deps, workerId: owner } = options;
  const interval = deps.config.orderWatch.intervalMs;
  return createLeasedLoop({
    table: watchTable(deps.store.db),
    owner,
    work: (row, stopping) => workOnWatch(deps, owner, row, stopping),
    clock: deps.clock,
    log: deps.logger.child({ component: 'order-watcher', workerId: owner }),
    tickMs: options.tickMs ?? Math.min(1000, Math.max(20, Math.floor(interval / 10))),
    leaseMs: options.leaseMs ?? 15_000,
    maxInFlight: options.maxInFlight ?? 10,
    onClaimed: (row, at) => options.lateness?.(lateSeconds(row.next_check_at, at)),
  });
}
