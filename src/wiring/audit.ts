import type { Logger } from 'pino';
import { type AuditJournal, createAuditJournal } from '../audit/audit-journal.js';
import {
  AUDIT_INSERT_MAX,
  type AuditEntry,
  type AuditLog,
  createAuditLog,
} from '../audit/audit-log.js';
import { maskedParams } from '../audit/mask.js';
import type { Config } from '../config.js';
import type { CallOutcome } from '../gateway/client.js';
import { journalDirFor } from '../ledger/journal-dir.js';
import type { SettledCharge } from '../ledger/unconfirmed.js';
import { type BatchedWrites, batchedWrites } from '../store/batched-writes.js';
import type { Store } from '../store/index.js';
import type { WorkTracker } from '../work-tracker.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * Every gateway call's outcome, as the client reports it, written to the audit (parameters
 * masked). Off the answer's path, but tracked so shutdown waits for the write. Rows are
 * coalesced (store/batched-writes.ts): the rows of calls that end together go out in one insert,
 * so a hundred background checks a second cost a few audit statements, not a hundred. A batch the
 * store cannot take right now (it is restarting) goes to the audit journal in JOURNAL_DIR and is
 * written once the store answers again, oldest first; batches behind it go there too while it
 * holds any, so the audit keeps its order. The journal's close is the last try at shutdown (see
 * `auditing`); what still waits stays on disk for the next start.
 */
export function auditOutcomes(p: {
  writes: BatchedWrites<AuditEntry>;
  clock: () => Date;
  work: WorkTracker;
}): (e: CallOutcome) => void {
  return (e: CallOutcome) => {
    const entry: AuditEntry = {
      at: p.clock(),
      workspaceId: e.context.workspaceId,
      userId: e.context.userId,
      channelId: e.context.channelId,
      command: e.context.origin ?? 'background',
      operation: e.operation,
      params: maskedParams(e.input),
      points: e.points,
      resultCode: e.code,
      latencyMs: e.durationMs,
      requestId: e.context.requestId,
      ...(e.chargeUnknown ? { charge: 'unconfirmed' as const } : {}),
      ...(e.context.approvedBy ? { approvedBy: e.context.approvedBy } : {}),
    };
    void p.work.track(p.writes.add(entry));
  };
}

/**
 * How long a batch insert may take before its rows go to the journal as well: a store that hangs
 * rather than refuses (a network cut; PostgreSQL's connect timeout alone is 5 s) would otherwise
 * hold them, and every row behind them, only in memory.
 */
export const AUDIT_JOURNAL_AFTER_MS = 1_000;

/**
 * The audit's writes, in order: one insert per batch, or the journal when the store refused one
 * or did not answer within `lateMs` (then every later batch too while the journal holds rows).
 * A late insert may still land: the journal replays its rows only once it has settled, and skips
 * those it wrote. Never rejects.
 */
export function auditWrites(p: {
  audit: AuditLog;
  journal: AuditJournal;
  logger: Logger;
  lateMs?: number;
}): BatchedWrites<AuditEntry> {
  return batchedWrites<AuditEntry>(async (entries) => {
    if (p.journal.pending() === 0) {
      const insert = p.audit.recordMany(entries);
      const outcome = await answerWithin(insert, p.lateMs ?? AUDIT_JOURNAL_AFTER_MS);
      if (outcome === 'written') return;
      const at = { rows: entries.length, requestId: entries[0]?.requestId };
      if (outcome === 'late') {
        p.journal.after(insert);
        p.logger.warn(at, 'audit not written in time; journaled until the store answers');
      } else {
        p.logger.warn(
          { err: outcome.err, ...at },
          'audit not written; journaled until the store answers',
        );
      }
    }
    p.journal.keep(...entries);
  }, AUDIT_INSERT_MAX);
}

async function answerWithin(
  work: Promise<void>,
  ms: number,
): Promise<'written' | 'late' | { err: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((answer) => {
    timer = setTimeout(() => answer('late'), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => 'written' as const,
        (err) => ({ err }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const HOUR_MS = 3_600_000;

/** Prunes the audit past its retention: tried hourly, done once a day across every replica. */
export function startAuditPrune(p: {
  audit: AuditLog;
  clock: () => Date;
  logger: Logger;
  retentionDays: number;
}): { stop(): Promise<void> } {
  const run = () =>
    p.audit
      .pruneOnce(p.clock(), p.retentionDays)
      .then((deleted) => {
        if (deleted !== undefined) p.logger.info({ deleted }, 'audit pruned');
      })
      .catch((err) => p.logger.warn({ err }, 'audit prune failed'));
  const first = run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await first;
    },
  };
}

/**
 * Marks the audit rows of unconfirmed charges a later answer settled; off the answer's path. A
 * row still in the audit journal is settled there, and what the journal holds is written before
 * the store's rows are marked, so a row replayed just now is not left unconfirmed.
 */
export function auditSettlements(p: {
  audit: AuditLog;
  journal?: AuditJournal;
  /** The rows still on their way: a settled row may be among them, so they go first. */
  writes?: BatchedWrites<AuditEntry>;
  logger: Logger;
  work: WorkTracker;
}): (workspaceId: string, settled: readonly SettledCharge[]) => void {
  return (workspaceId, settled) => {
    for (const s of settled) {
      const q = { workspaceId, requestId: s.requestId, points: s.points };
      const write = (async () => {
        await p.writes?.drained();
        p.journal?.settle(q);
        if (p.journal && p.journal.pending() > 0) await p.journal.replay();
        await p.audit.settle(q);
      })().catch((err) => p.logger.warn({ err, requestId: s.requestId }, 'audit not settled'));
      void p.work.track(write);
    }
  };
}

/**
 * The audit log, the listener that writes each gateway outcome to it, the one that marks settled
 * charges, and its daily prune (owned by `life`).
 */
export function auditing(
  p: {
    store: Store;
    clock: () => Date;
    logger: Logger;
    work: WorkTracker;
    retentionDays: number;
    /** Where the journal lives: this store's directory in JOURNAL_DIR, beside the charges'. */
    journal: Pick<Config, 'journalDir' | 'databaseUrl'>;
  },
  life: Lifecycle,
): {
  audit: AuditLog;
  toAudit: (e: CallOutcome) => void;
  onSettled: (workspaceId: string, settled: readonly SettledCharge[]) => void;
} {
  const audit = createAuditLog(p.store.db);
  life.own(startAuditPrune({ ...p, audit }), (prune) => prune.stop());
  const journal = createAuditJournal({
    dir: journalDirFor(p.journal.journalDir, p.journal.databaseUrl),
    audit,
    logger: p.logger,
    track: (w) => void p.work.track(w),
  });
  const writes = auditWrites({ audit, journal, logger: p.logger });
  // At shutdown, after the work tracker has waited for the writes: a last replay of the journal.
  life.own(journal, (j) => j.close());
  return {
    audit,
    toAudit: auditOutcomes({ ...p, writes }),
    onSettled: auditSettlements({ ...p, audit, journal, writes }),
  };
}
