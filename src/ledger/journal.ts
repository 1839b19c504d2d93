import type { Journaled } from './journal-files.js';
import { journalQueue } from './journal-queue.js';
import { DEFAULT_LEDGER_ZONE, type Ledger } from './ledger.js';
import { recordEntry } from './record.js';
import type { LedgerDeps, LedgerEntryInput } from './types.js';

/**
 * A write-ahead journal for charges the store could not take. The gateway has already been paid
 * when its answer is parsed: if the ledger insert fails (database restarting, network), the
 * entry goes to a file in JOURNAL_DIR (persistent: the image's volume) and is replayed, with its
 * original time, once the store answers; a run adopts the files of runs that died or stopped
 * with the store away (journal-queue.ts), a restarted container's included.
 * A replay never writes an entry twice: each carries the instant it was first tried, and an
 * entry already in the ledger with that request, kind, operation and instant is skipped.
 */
export interface ChargeJournal {
  record(entry: LedgerEntryInput): Promise<{ recorded: boolean }>;
  /** Entries waiting for the store. */
  pending(): number;
  /** Writes what waits, oldest first; stops at the first failure (the store is still away). */
  replay(): Promise<void>;
  /** A last replay; what still waits stays in the file for the next run on this directory. */
  close(): Promise<void>;
}

export function createChargeJournal(
  deps: LedgerDeps & {
    dir: string;
    retryMs?: number;
    /** How often files of runs that died meanwhile are looked for. */
    adoptMs?: number;
    /** How an entry reaches the ledger with its own time: the running ledger's `recordAt`. */
    recordAt?: Ledger['recordAt'];
  },
): ChargeJournal {
  const { store, logger } = deps;
  const log = logger.child({ component: 'charge-journal' });
  const zone = deps.timeZone ?? DEFAULT_LEDGER_ZONE;
  const write = (at: number, entry: LedgerEntryInput) =>
    deps.recordAt
      ? deps.recordAt(new Date(at), entry)
      : recordEntry({ ...deps, clock: () => new Date(at), timeZone: zone }, entry);
  const queue = journalQueue<Journaled>({
    kind: 'charges',
    dir: deps.dir,
    log,
    retryMs: deps.retryMs,
    adoptMs: deps.adoptMs,
    read: (line) => line as Journaled,
    async write([item]) {
      if (item && !(await alreadyIn(store, item))) await write(item.at, item.entry);
    },
  });

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
        queue.keep({ at, entry });
        return { recorded: true };
      }
    },
    pending: () => queue.waiting.length,
    replay: queue.replay,
    close: queue.close,
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
