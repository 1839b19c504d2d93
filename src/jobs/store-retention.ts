import type { Logger } from 'pino';
import { pruneApprovals } from '../approvals/index.js';
import type { Db } from '../store/database.js';
import { pruneStepExecutions, STEP_RECORD_KEPT_MS } from '../store/step-executions.js';
import { pruneSubscriptions } from '../subscriptions/retention.js';

const HOUR_MS = 3_600_000;

export interface StoreRetentionOptions {
  db: Db;
  clock: () => Date;
  logger: Logger;
  /** How often a replica prunes; each row is deleted once whichever replica gets to it. */
  everyMs?: number;
}

/**
 * Prunes what the store would otherwise keep for ever: subscriptions over for 30 days (with their
 * posts), previews never clicked after a day, step execution records after 7 days, approval
 * requests decided or expired 30 days ago. Runs at start
 * and then hourly, as the ledger's retention does; returns its stop function.
 */
export function startStoreRetention(opts: StoreRetentionOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  const prune = async () => {
    const now = opts.clock().getTime();
    const subscriptions = await pruneSubscriptions(opts.db, now);
    const steps = await pruneStepExecutions(opts.db, now - STEP_RECORD_KEPT_MS);
    const approvals = await pruneApprovals(opts.db, now);
    if (steps + subscriptions.subscriptions + subscriptions.previews + approvals > 0) {
      opts.logger.info(
        { ...subscriptions, steps, approvals },
        'old subscriptions, step records and approval requests pruned',
      );
    }
  };
  const run = () => {
    running ??= prune()
      .catch((err: unknown) => opts.logger.warn({ err }, 'store retention run failed'))
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
