import type { AppDeps } from '../slack/deps.js';
import { startInterruptedSteps } from '../slack/functions/interrupted-steps.js';

/**
 * The store's own upkeep on every replica: steps a dead replica left claimed are failed once.
 * Returns the stop function of all of it.
 */
export function startStoreUpkeep(deps: AppDeps): () => Promise<void> {
  const stops = [startInterruptedSteps(deps)];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
