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

export interface ExportRunner {
  start(): void;
  /** Stops after the page in hand; running exports are left for the next process to go on. */
  stop(): Promise<void>;
  /** Look for a started export now. */
  kick(): void;
}

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
  const tickMs = options.tickMs ?? 500;
  const leaseMs = options.leaseMs ?? 30_000;
  const maxInFlight = options.maxInFlight ?? 3;
  const log = deps.logger.child({ component: 'export-runner', workerId: owner });
  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const id = (k: ExportKey) => `${k.workspaceId}\u0000${k.exportId}`;

  async function take(key: ExportKey): Promise<void> {
    const row = await claimExport(deps.store.db, key, owner, deps.clock().getTime(), leaseMs);
    if (!row) return;
    const heartbeat = setInterval(
      () => {
        renewExportLease(deps.store.db, key, owner, deps.clock().getTime() + leaseMs).catch((err) =>
          log.warn({ err }, 'export lease renewal failed'),
        );
      },
      Math.floor(leaseMs / 3),
    );
    heartbeat.unref();
    const work = runExport(deps, owner, row, () => !running)
      .catch((err) => log.error({ err, exportId: key.exportId }, 'export failed'))
      .finally(() => clearInterval(heartbeat))
      .then(() => releaseExport(deps.store.db, key, owner))
      .catch((err) => log.error({ err }, 'export release failed'))
      .finally(() => inFlight.delete(id(key)));
    inFlight.set(id(key), work);
  }

  async function tickOnce(): Promise<void> {
    const free = maxInFlight - inFlight.size;
    if (free <= 0) return;
    const due = await runnableExports(deps.store.db, deps.clock().getTime(), free + inFlight.size);
    for (const key of due) {
      if (!running || inFlight.size >= maxInFlight) break;
      if (!inFlight.has(id(key))) await take(key);
    }
  }

  function plan(ms: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick(): void {
    if (!running || ticking) return;
    ticking = tickOnce()
      .catch((err) => log.error({ err }, 'export runner tick failed'))
      .finally(() => {
        ticking = undefined;
        plan(tickMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      plan(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await ticking;
      await Promise.all(inFlight.values());
      await releaseAllExports(deps.store.db, owner);
    },
    kick() {
      if (running && !ticking) plan(0);
    },
  };
}
