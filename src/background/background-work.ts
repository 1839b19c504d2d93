import type { WebClient } from '@slack/web-api';
import type { AppDeps } from '../slack/deps.js';
import type { Core } from '../wiring/core.js';
import type { Lifecycle } from '../wiring/lifecycle.js';
import { startStoreUpkeep } from '../wiring/store-upkeep.js';
import { startDailySummary } from '../wiring/summary.js';
import { startWorkers, type Workers } from '../wiring/workers.js';

/**
 * The background work of a process, started once the app answers and stopped in reverse: the
 * leased loops (QR checks, order watches, exports, subscription polls), the approval upkeep,
 * the daily summary and the store's upkeep. Run by the main thread, or by the background thread
 * in many-workspace mode (background-worker.ts).
 */
export async function startBackgroundWork(
  p: { core: Core; deps: AppDeps; workers: Workers; appClient: () => WebClient },
  life: Lifecycle,
): Promise<void> {
  const { core, deps } = p;
  startWorkers(p.workers, life);
  const summary = await startDailySummary({
    ...{ config: core.config, ledger: deps.ledger, settings: core.tenants.settings },
    ...{ clock: core.clock, logger: core.logger, sandbox: core.sandbox },
    client: p.appClient,
    many: core.tenants.oauth,
  });
  life.own(summary, (s) => s.stop());
  life.onStop(startStoreUpkeep(deps));
}
