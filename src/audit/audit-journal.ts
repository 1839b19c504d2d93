import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { adoptOrphanFiles, appendDurably, rewriteDurably } from '../ledger/journal-files.js';
import type { AuditEntry } from './audit-entry.js';

/** The part of the audit log the journal writes through. */
export interface AuditWriter {
  /** Writes the row unless a row of the same call (workspace, request, operation, time) is in. */
  recordOnce(e: AuditEntry): Promise<void>;
}

/**
 * Audit rows the store could not take, kept on disk in JOURNAL_DIR beside the charge journal
 * (`audit-<host>-<pid>-<random>.jsonl`, one JSON line per row, fsynced) and replayed oldest first
 * every `retryMs` until the store takes them. A process started later on the same directory adopts
 * the file of one that died or stopped with the store away. A replay never audits a call twice:
 * a row already in the store for the same call and instant is skipped.
 */
export interface AuditJournal {
  keep(entry: AuditEntry): void;
  /** Rows waiting for the store. */
  pending(): number;
  /**
   * An unconfirmed call's row, still waiting here, settled at `points` (as `AuditLog.settle` does
   * in the store): a later answer may settle it before the row is replayed.
   */
  settle(q: { workspaceId: string; requestId: string; points: number }): void;
  /** Writes what waits, oldest first; stops at the first failure (the store is still away). */
  replay(): Promise<void>;
  /** A last replay; what still waits stays in the file for the next process on this host. */
  close(): Promise<void>;
}

type Line = Omit<AuditEntry, 'at'> & { at: string };

export function createAuditJournal(p: {
  dir: string;
  audit: AuditWriter;
  logger: Logger;
  retryMs?: number;
  /** Each replay, so shutdown can wait for it. */
  track?(work: Promise<void>): void;
}): AuditJournal {
  const log = p.logger.child({ component: 'audit-journal' });
  const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
  const file = join(p.dir, `audit-${host}-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  const waiting: AuditEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  let replaying: Promise<void> | undefined;

  function keep(entry: AuditEntry): void {
    waiting.push(entry);
    try {
      mkdirSync(p.dir, { recursive: true });
      appendDurably(file, `${JSON.stringify(entry)}\n`);
    } catch (err) {
      log.error({ err }, 'audit journal file not written; the row is kept in memory');
    }
    timer ??= setInterval(() => {
      const run = replay();
      p.track?.(run);
    }, p.retryMs ?? 2_000);
    timer.unref();
  }

  function persist(): void {
    try {
      rewriteDurably(file, waiting.map((w) => `${JSON.stringify(w)}\n`).join(''));
    } catch (err) {
      log.error({ err }, 'audit journal file not rewritten');
    }
  }

  function replay(): Promise<void> {
    replaying ??= (async () => {
      let written = 0;
      try {
        while (waiting.length > 0) {
          await p.audit.recordOnce(waiting[0]!);
          waiting.shift();
          written++;
        }
      } catch (err) {
        log.warn({ err, waiting: waiting.length }, 'audit journal replay paused');
      } finally {
        if (written > 0) {
          persist();
          log.info({ written, waiting: waiting.length }, 'audit journal replayed');
        }
        if (waiting.length === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
        replaying = undefined;
      }
    })();
    return replaying;
  }

  adoptOrphanFiles<Line>({
    kind: 'audit',
    dir: p.dir,
    file,
    host,
    keep: (line) => keep({ ...line, at: new Date(line.at) }),
    adopted: (from) => log.info({ from, waiting: waiting.length }, 'audit journal adopted'),
  });
  if (waiting.length > 0) p.track?.(replay());

  return {
    keep,
    pending: () => waiting.length,
    settle(q) {
      let found = false;
      for (const [i, e] of waiting.entries()) {
        if (e.workspaceId !== q.workspaceId || e.requestId !== q.requestId) continue;
        if (e.charge !== 'unconfirmed') continue;
        waiting[i] = { ...e, points: q.points, charge: 'settled' };
        found = true;
      }
      if (found) persist();
    },
    replay,
    async close() {
      if (waiting.length > 0) await replay();
      if (timer) clearInterval(timer);
      timer = undefined;
      if (waiting.length > 0) {
        log.warn({ waiting: waiting.length }, 'audit rows left in the journal for the next start');
      }
    },
  };
}
