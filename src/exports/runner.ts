import { createLeasedLoop, type LeasedLoop } from '../store/leased-loop.js';
import type { ExportKey } from './export-row.js';
import {
  claimExport,
  releaseAllExports,
  releaseExport,
  renewExportLease,
  runnableExports,
} from './export-store.js';
import type { ExportDeps } from './ports.js';
import { runExport } from './run-export.js';

/** Stopping leaves running exports for the next process, which goes on from the next page. */
export type ExportRunner = LeasedLoop;

/**
 * One loop per process for every running export, each leased (so one replica fetches its pages)
 * and renewed while it runs; after a restart, a running export is claimed again and goes on
 * from the page after the last one stored.
 */
export function createExportRunner(options: {
  deps: ExportDeps;
  workerId: string;
  tickMs?: number;
  leaseMs?: number;
  maxInFlight?: number;
}): ExportRunner {
  const { deps, workerId: owner } = options;
  const db = deps.store.db;
  return createLeasedLoop({
    table: {
      due: (now, limit) => runnableExports(db, now, limit),
      claim: (key: ExportKey, now, leaseMs) => claimExport(db, key, owner, now, leaseMs),
      renew: (key, until) => renewExportLease(db, key, owner, until),
      release: (key) => releaseExport(db, key, owner),
      releaseAll: () => releaseAllExports(db, owner),
      id: (k) => `${k.workspaceId}\u0000${k.exportId}`,
    },
    work: (row, stopping) => runExport(deps, owner, row, stopping),
    clock: deps.clock,
    log: deps.logger.child({ component: 'export-runner', workerId: owner }),
    tickMs: options.tickMs ?? 500,
    leaseMs: options.leaseMs ?? 30_000,
    maxInFlight: options.maxInFlight ?? 3,
  });
}
