import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_LEDGER_ZONE, type Ledger } from './ledger.js';
import { recordEntry } from './record.js';
import type { LedgerDeps, LedgerEntryInput } from './types.js';

/**
 * A write-ahead journal for charges the store could not take. The gateway has already been paid
 * when its answer is parsed: if the ledger insert fails (database restarting, network), the
 * entry goes to a local file and is replayed, with its original time, once the store answers.
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

interface Journaled {
  at: number;
  entry: LedgerEntryInput;
}

const FILE = /^charges-(.+)-(\d+)-[0-9a-f]+\.jsonl$/;

/** Beside the SQLite file, or per PostgreSQL URL under the temp directory (never shared by two databases). */
export function journalDir(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) return join(dirname(databaseUrl.slice(7)), 'journal');
  const id = createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16);
  return join(tmpdir(), 'querydesk-journal', id);
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
      appendFileSync(file, `${JSON.stringify(item)}\n`);
    } catch (err) {
      log.error({ err }, 'charge journal file not written; the entry is kept in memory');
    }
    timer ??= setInterval(() => void replay(), deps.retryMs ?? 2_000);
    timer.unref();
  }

  function persist(): void {
    try {
      if (waiting.length === 0) rmSync(file, { force: true });
      else writeFileSync(file, waiting.map((w) => `${JSON.stringify(w)}\n`).join(''));
    } catch (err) {
      log.error({ err }, 'charge journal file not rewritten');
    }
  }

  async function alreadyIn({ at, entry }: Journaled): Promise<boolean> {
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

  function replay(): Promise<void> {
    replaying ??= (async () => {
      let written = 0;
      try {
        while (waiting.length > 0) {
          const item = waiting[0]!;
          if (!(await alreadyIn(item))) await write(item.at, item.entry);
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

  adoptOrphans();

  /** Files left by processes of this host that are gone (crashed, or stopped with the store away). */
  function adoptOrphans(): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const m = FILE.exec(name);
      if (!m || join(dir, name) === file || (m[1] === host && alive(Number(m[2])))) continue;
      const taken = `${file}.adopting-${name}`;
      try {
        renameSync(join(dir, name), taken); // atomic: one adopter wins
      } catch {
        continue;
      }
      for (const line of readFileSync(taken, 'utf8').split('\n')) {
        if (line.trim()) keep(JSON.parse(line) as Journaled);
      }
      rmSync(taken, { force: true });
      log.info({ from: name, waiting: waiting.length }, 'charge journal adopted');
    }
    if (waiting.length > 0) void replay();
  }

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
