import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  adoptOrphanFiles,
  appendDurably,
  type Journaled,
  rewriteDurably,
} from './journal-files.js';
import { DEFAULT_LEDGER_ZONE, type Ledger } from './ledger.js';
import { recordEntry } from './record.js';
import type { LedgerDeps, LedgerEntryInput } from './types.js';

/**
 * A write-ahead journal for charges the store could not take. The gateway has already been paid
 * when its answer is parsed: if the ledger insert fails (database restarting, network), the
 * entry goes to a file in JOURNAL_DIR (persistent: the image's volume) and is replayed, with its
 * original time, once the store answers; a process started later on the same directory adopts
 * what a stopped one left.
 * A replay never writes an entry twice: each carries the instant it was first tried, and an
 * entry already in the ledger with that request, kind, operation and instant is skipped.
 */
export interface ChargeJournal {
  record(entry: LedgerEntryInput): Promise<{ recorded: boolean }>;
  /** Entries waiting for the store. */
  pending(): number;
  /** Writes what waits, oldest first; stops at the first failure (the store is still away). */
  replay(): Promise<void>;
  /** A last replay; what still waits stays in the file for the next process on this host. */
  close(): Promise<void>;
}

export function createChargeJournal(
  deps: LedgerDeps & {
    dir: string;
    retryMs?: number;
    /** How an entry reaches the ledger with its own time: the running ledger's `recordAt`. */
    recordAt?: Ledger['recordAt'];
  },
): ChargeJournal {
  const { store, logger, dir } = deps;
  const log = logger.child({ component: 'charge-journal' });
  const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
  const file = join(dir, `charges-${host}-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  const waiting: Journaled[] = [];
  let timer: NodeJS.Timeout | undefined;
  let replaying: Promise<void> | undefined;

  const zone = deps.timeZone ?? DEFAULT_LEDGER_ZONE;
  const write = (at: number, entry: LedgerEntryInput) =>
    deps.recordAt
      ? deps.recordAt(new Date(at), entry)
      : recordEntry({ ...deps, clock: () => new Date(at), timeZone: zone }, entry);

  function keep(item: Journaled): void {
    waiting.push(item);
    try {
      mkdirSync(dir, { recursive: true });
      appendDurably(file, `${JSON.stringify(item)}\n`);
    } catch (err) {
      log.error({ err }, 'charge journal file not written; the entry is kept in memory');
    }
    timer ??= setInterval(() => void replay(), deps.retryMs ?? 2_000);
    timer.unref();
  }

  function persist(): void {
    try {
      rewriteDurably(file, waiting.map((w) => `${JSON.stringify(w)}\n`).join(''));
    } catch (err) {
      log.error({ err }, 'charge journal file not rewritten');
    }
  }

  function replay(): Promise<void> {
    replaying ??= (async () => {
      let written = 0;
      try {
        while (waiting.length > 0) {
          const item = waiting[0]!;
          if (!(await alreadyIn(store, item))) await write(item.at, item.entry);
          waiting.shift();
          written++;
        }
      } catch (err) {
        log.warn({ err, waiting: waiting.length }, 'charge journal replay paused');
      } finally {
        if (written > 0) {
          persist();
          log.info({ written, waiting: waiting.length }, 'charge journal replayed');
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

  adoptOrphanFiles({
    kind: 'charges',
    dir,
    file,
    host,
    keep,
    adopted: (from) => log.info({ from, waiting: waiting.length }, 'charge journal adopted'),
  });
  if (waiting.length > 0) void replay();

  return {
    async record(entry) {
      const at = deps.clock().getTime();
      try {
        return await write(at, entry);
      } catch (err) {
        if (err instanceof RangeError) throw err; // a bad entry, not an absent store
        log.warn(
          { err, op: entry.operation, requestId: entry.requestId, points: entry.points },
          'ledger unavailable; charge journaled',
        );
        keep({ at, entry });
        return { recorded: true };
      }
    },
    pending: () => waiting.length,
    replay,
    async close() {
      if (waiting.length > 0) await replay();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** Whether the entry is in the ledger already (a replay cut short after its write). */
async function alreadyIn(store: LedgerDeps['store'], { at, entry }: Journaled): Promise<boolean> {
  const row = await store.db
    .selectFrom('ledger_entries')
    .select('id')
    .where('request_id', '=', entry.requestId)
    .where('kind', '=', entry.kind)
    .where('operation', '=', entry.operation)
    .where('created_at', '=', at)
    .executeTakeFirst();
  return row !== undefined;
}
