import { createLeasedLoop, type LeasedLoop } from '../store/leased-loop.js';
import { exportTable } from './export-store.js';
import type { ExportDeps } from './ports.js';
import { runExport } from './run-export.js';
import { takeOverStarting } from './take-over.js';

/** Stopping leaves running exports for the next process, which goes on from the next page. */
export type ExportRunner = LeasedLoop;

/**
 * One loop per process for every running export, each leased (so one replica fetches its pages)
 * and renewed while it runs; after a restart, a running export is claimed again and goes on
 * from the page after the last one stored, and one left "starting" past the grace is posted and
 * run (see takeOverStarting).
 */
export function createExportRunner(options: {
  deps: ExportDeps;
  workerId: string;
  tickMs?: number;
  leaseMs?: number;
  maxInFlight?: number;
  /**
   * How long a "starting" export is left to whoever won its Start click before this runner takes
   * it over and posts its progress message itself. Default `config.export.startGraceMs`
   * (EXPORT_START_GRACE_MS, 45 s: longer than the slowest post, so a live poster is never raced).
   */
  startingGraceMs?: number;
}): ExportRunner {
  const { deps, workerId: owner } = options;
  const grace = options.startingGraceMs ?? deps.config.export.startGraceMs;
  return createLeasedLoop({
    table: exportTable(deps.store.db, grace),
    owner,
    async work(row, stopping) {
      const running = row.state === 'starting' ? await takeOverStarting(deps, owner, row) : row;
      if (running) await runExport(deps, owner, running, stopping);
    },
    clock: deps.clock,
    log: deps.logger.child({ component: 'export-runner', workerId: owner }),
    tickMs: options.tickMs ?? 500,
    // Renewed every 5 s while pages are fetched; a replica that dies holds it 15 s at most.
    leaseMs: options.leaseMs ?? 15_000,
    maxInFlight: options.maxInFlight ?? 3,
  });
}
