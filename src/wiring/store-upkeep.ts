import { startStoreRetention } from '../jobs/store-retention.js';
import type { AppDeps } from '../slack/deps.js';
import { startInterruptedSteps } from '../slack/functions/interrupted-steps.js';

/**
 * The store's own upkeep on every replica: steps a dead replica left claimed are failed once, and
 * ended subscriptions, old previews and old step records are pruned.
 * Returns the stop function of all of it.
 */
export function startStoreUpkeep(deps: AppDeps): () => Promise<void> {
  const stops = [
    startInterruptedSteps(deps),
    startStoreRetention({ db: deps.store.db, clock: deps.clock, logger: deps.logger }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
