import { startLedgerRetention } from '../jobs/ledger-retention.js';
import { startStoreRetention } from '../jobs/store-retention.js';
import type { AppDeps } from '../slack/deps.js';
import { startInterruptedSteps } from '../slack/functions/interrupted-steps.js';

/**
 * The store's own upkeep on every replica: steps a dead replica left claimed are failed once;
 * ended subscriptions, old previews and old step records are pruned; and, when
 * LEDGER_RETENTION_DAYS is set, raw ledger entries past it are pruned (their days' totals kept).
 * Returns the stop function of all of it.
 */
export function startStoreUpkeep(deps: AppDeps): () => Promise<void> {
  const { ledger, logger } = deps;
  const retentionDays = deps.config.ledgerRetentionDays;
  const stops = [
    startInterruptedSteps(deps),
    startStoreRetention({ db: deps.store.db, clock: deps.clock, logger }),
    ...(retentionDays ? [startLedgerRetention({ ledger, logger, retentionDays })] : []),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
