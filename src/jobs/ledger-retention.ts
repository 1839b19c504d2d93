import type { Logger } from 'pino';
import type { Ledger } from '../ledger/ledger.js';

const HOUR_MS = 3_600_000;

export interface LedgerRetentionOptions {
  ledger: Ledger;
  logger: Logger;
  /** LEDGER_RETENTION_DAYS. */
  retentionDays: number;
  /** How often a replica asks; the ledger's day claim makes one of them prune per day. */
  everyMs?: number;
}

/**
 * Prunes raw ledger entries past the retention, once a local day across replicas (the ledger
 * claims the day), aggregates kept. Runs at start and then hourly; returns its stop function.
 */
export function startLedgerRetention(opts: LedgerRetentionOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= opts.ledger
      .prune({ retentionDays: opts.retentionDays })
      .then((r) => {
        if (r.status === 'pruned') {
          opts.logger.info(
            { deleted: r.deleted, before: r.before.toISOString() },
            'old ledger entries pruned',
          );
        }
      })
      .catch((err: unknown) => opts.logger.warn({ err }, 'ledger retention run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, opts.everyMs ?? HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
