import type { Logger } from 'pino';
import { journalQueue } from '../ledger/journal-queue.js';
import type { AuditEntry } from './audit-entry.js';
import { AUDIT_INSERT_MAX } from './audit-log.js';

/** The part of the audit log the journal writes through. */
export interface AuditWriter {
  /**
   * Writes the rows, in one statement, but those whose call (workspace, request, operation, time)
   * has a row in already.
   */
  recordOnce(entries: readonly AuditEntry[]): Promise<void>;
}

/**
 * Audit rows the store could not take, kept on disk in JOURNAL_DIR beside the charge journal
 * (`audit-<host>-<pid>-<run>.jsonl`, one JSON line per row, fsynced) and replayed oldest first
 * every `retryMs` until the store takes them. A run adopts the files of runs that died or stopped
 * with the store away (journal-queue.ts). A replay never audits a call twice:
 * a row already in the store for the same call and instant is skipped.
 */
export interface AuditJournal {
  /** Rows to keep, in order: one write and one fsync for all of them. */
  keep(...entries: AuditEntry[]): void;
  /**
   * An insert of rows kept here that has not answered yet: replays pause until it settles, so a
   * row it writes late is skipped rather than written twice (what waits at a stop stays on disk).
   */
  after(insert: Promise<unknown>): void;
  /** Rows waiting for the store. */
  pending(): number;
  /**
   * An unconfirmed call's row, still waiting here, settled at `points` (as `AuditLog.settle` does
   * in the store): a later answer may settle it before the row is replayed.
   */
  settle(q: { workspaceId: string; requestId: string; points: number }): void;
  /** Writes what waits, oldest first; stops at the first failure (the store is still away). */
  replay(): Promise<void>;
  /** A last replay; what still waits stays in the file for the next run on this directory. */
  close(): Promise<void>;
}

type Line = Omit<AuditEntry, 'at'> & { at: string };

export function createAuditJournal(p: {
  dir: string;
  audit: AuditWriter;
  logger: Logger;
  retryMs?: number;
  /** How often files of runs that died meanwhile are looked for. */
  adoptMs?: number;
  /** Each replay, so shutdown can wait for it. */
  track?(work: Promise<void>): void;
}): AuditJournal {
  const queue = journalQueue<AuditEntry>({
    kind: 'audit',
    dir: p.dir,
    log: p.logger.child({ component: 'audit-journal' }),
    retryMs: p.retryMs,
    adoptMs: p.adoptMs,
    track: p.track,
    read: (line) => ({ ...(line as Line), at: new Date((line as Line).at) }),
    // A replay writes up to a whole insert's worth of rows at once: two statements, not two a row.
    batch: AUDIT_INSERT_MAX,
    async write(entries) {
      // Not waited for: a cut connection may take minutes to fail, and a stop must not hang.
      if (inserts.size > 0) throw new Error('an audit insert is still unanswered');
      await p.audit.recordOnce(entries);
    },
  });
  const { waiting } = queue;
  const inserts = new Set<Promise<unknown>>();

  return {
    keep: queue.keep,
    after(insert) {
      const settled: Promise<unknown> = insert
        .catch(() => undefined)
        .finally(() => inserts.delete(settled));
      inserts.add(settled);
    },
    pending: () => waiting.length,
    settle(q) {
      let found = false;
      for (const [i, e] of waiting.entries()) {
        if (e.workspaceId !== q.workspaceId || e.requestId !== q.requestId) continue;
        if (e.charge !== 'unconfirmed') continue;
        waiting[i] = { ...e, points: q.points, charge: 'settled' };
        found = true;
      }
      if (found) queue.persist();
    },
    replay: queue.replay,
    close: queue.close,
  };
}
