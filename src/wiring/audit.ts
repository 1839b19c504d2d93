import type { Logger } from 'pino';
import { type AuditEntry, type AuditLog, createAuditLog } from '../audit/audit-log.js';
import { maskedParams } from '../audit/mask.js';
import type { CallOutcome } from '../gateway/client.js';
import type { SettledCharge } from '../ledger/unconfirmed.js';
import type { Store } from '../store/index.js';
import type { WorkTracker } from '../work-tracker.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * Every gateway call's outcome, as the client reports it, written to the audit (parameters
 * masked). Off the answer's path, but tracked so shutdown waits for the write. A row the store
 * cannot take right now (it is restarting) waits and is written once it answers again, every
 * `retryMs`, oldest first; `flush` is the last try at shutdown.
 */
export function auditOutcomes(p: {
  audit: AuditLog;
  clock: () => Date;
  logger: Logger;
  work: WorkTracker;
  retryMs?: number;
}): ((e: CallOutcome) => void) & { flush(): Promise<void> } {
  const waiting: AuditEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  const catchUp = (): Promise<void> => {
    writing ??= (async () => {
      try {
        while (waiting.length > 0) {
          await p.audit.record(waiting[0]!);
          waiting.shift();
        }
        p.logger.info('audit caught up');
      } catch (err) {
        p.logger.warn({ err, waiting: waiting.length }, 'audit catch-up paused');
      } finally {
        if (waiting.length === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
        writing = undefined;
      }
    })();
    return writing;
  };
  const keep = (entry: AuditEntry) => {
    waiting.push(entry);
    timer ??= setInterval(() => void p.work.track(catchUp()), p.retryMs ?? 2_000);
    timer.unref();
  };
  const toAudit = (e: CallOutcome) => {
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
    };
    // Behind rows already waiting, so the audit keeps its order.
    if (waiting.length > 0) return keep(entry);
    const write = p.audit.record(entry).catch((err) => {
      p.logger.warn(
        { err, op: e.operation, requestId: e.context.requestId },
        'audit not written; kept until the store answers',
      );
      keep(entry);
    });
    void p.work.track(write);
  };
  return Object.assign(toAudit, {
    async flush() {
      if (waiting.length > 0) await catchUp();
      if (timer) clearInterval(timer);
      timer = undefined;
      if (waiting.length > 0) {
        p.logger.error(
          { waiting: waiting.length },
          'audit rows lost at shutdown: the store is away',
        );
      }
    },
  });
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

/** Marks the audit rows of unconfirmed charges a later answer settled; off the answer's path. */
export function auditSettlements(p: {
  audit: AuditLog;
  logger: Logger;
  work: WorkTracker;
}): (workspaceId: string, settled: readonly SettledCharge[]) => void {
  return (workspaceId, settled) => {
    for (const s of settled) {
      const write = p.audit
        .settle({ workspaceId, requestId: s.requestId, points: s.points })
        .catch((err) => p.logger.warn({ err, requestId: s.requestId }, 'audit not settled'));
      void p.work.track(write);
    }
  };
}

/**
 * The audit log, the listener that writes each gateway outcome to it, the one that marks settled
 * charges, and its daily prune (owned by `life`).
 */
export function auditing(
  p: { store: Store; clock: () => Date; logger: Logger; work: WorkTracker; retentionDays: number },
  life: Lifecycle,
): {
  audit: AuditLog;
  toAudit: (e: CallOutcome) => void;
  onSettled: (workspaceId: string, settled: readonly SettledCharge[]) => void;
} {
  const audit = createAuditLog(p.store.db);
  life.own(startAuditPrune({ ...p, audit }), (prune) => prune.stop());
  const toAudit = life.own(auditOutcomes({ ...p, audit }), (a) => a.flush());
  return {
    audit,
    toAudit,
    onSettled: auditSettlements({ ...p, audit }),
  };
}
