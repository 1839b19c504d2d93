import { createLeasedLoop, type LeasedLoop, lateSeconds } from '../store/leased-loop.js';
import type { SubscriptionDeps } from './ports.js';
import { duePendingPosts, nextPollDue, subscriptionTable } from './subscription-store.js';
import { workOnSubscription } from './work-on-subscription.js';

export type SubscriptionPoller = LeasedLoop;

export interface SubscriptionPollerOptions {
  deps: SubscriptionDeps;
  /** Unique per process: the owner of this poller's leases. */
  workerId: string;
  /**
   * The longest the poller sleeps without asking the store for due work. Default 1 s; it wakes
   * sooner for the next poll due (one index seek for its time).
   */
  tickMs?: number;
  /** How long a claimed subscription is ours; renewed every third of it while a poll runs. Default 15 s. */
  leaseMs?: number;
  /** Subscriptions polled at once by this process. Default 20. */
  maxInFlight?: number;
  /** Told how late (seconds after its due time) each poll was claimed (not send retries). */
  lateness?: (seconds: number) => void;
}

/**
 * One loop per process for every channel subscription of every workspace, on the leased table
 * the order watches use: the store says which are due (indexed queries for the due ones only), each is claimed with a lease only while still due (so one poll per interval across
 * replicas), and a replica killed mid-poll holds its subscription no longer than one lease. At
 * start, posts a killed holder decided and never sent are made due at once.
 */
export function createSubscriptionPoller(options: SubscriptionPollerOptions): SubscriptionPoller {
  const { deps, workerId: owner } = options;
  const db = deps.store.db;
  return createLeasedLoop({
    table: subscriptionTable(db),
    owner,
    work: (row, stopping) => workOnSubscription(deps, owner, row, stopping),
    clock: deps.clock,
    log: deps.logger.child({ component: 'subscription-poller', workerId: owner }),
    tickMs: options.tickMs ?? 1000,
    nextDueAt: (now) => nextPollDue(db, now),
    leaseMs: options.leaseMs ?? 15_000,
    maxInFlight: options.maxInFlight ?? 20,
    onStart: () => duePendingPosts(db, deps.clock().getTime()),
    onClaimed: (row, at) => {
      const due = row.next_poll_at;
      if (due !== null && Number(due) <= at) options.lateness?.(lateSeconds(due, at));
    },
  });
}
