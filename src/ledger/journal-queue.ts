import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { adoptOrphanFiles, appendDurably, rewriteDurably } from './journal-files.js';
import { holdRunLock } from './journal-lock.js';

/**
 * What the charge and the audit journals share: one file per run in the journal's directory
 * (`<kind>-<host>-<pid>-<run>.jsonl`, one JSON line per item, fsynced), the run's lock, the items
 * waiting for the store (oldest first), and their replay: every `retryMs` while any wait, at the
 * last stop, and after taking the files of dead runs, which is tried at start-up, before every
 * replay and every `adoptMs` (a replica that died while this one runs), so what they left reaches
 * the store once it answers, without a restart.
 */
export interface JournalQueue<T> {
  /** Oldest first. Changed in place by the owner (a settlement), then `persist`ed. */
  readonly waiting: T[];
  /**
   * Keeps items at the end of the queue: one line each, appended to the file in one write and one
   * fsync however many there are (an audit batch of 100 rows is one disk flush, not 100).
   */
  keep(...items: T[]): void;
  /** Rewrites the file with what waits now. */
  persist(): void;
  /** Writes what waits, oldest first; stops at the first failure (the store is still away). */
  replay(): Promise<void>;
  /** A last replay; what still waits stays on disk for the next run. */
  close(): Promise<void>;
}

export function journalQueue<T>(o: {
  kind: 'charges' | 'audit';
  dir: string;
  log: Logger;
  /**
   * Writes items to the store, oldest first, all or none (at most `batch` at a time); a second
   * write of an item already in must write nothing.
   */
  write(items: readonly T[]): Promise<void>;
  /** The most items one `write` takes (default 1). */
  batch?: number;
  /** An item from its JSON line. */
  read(line: unknown): T;
  retryMs?: number;
  adoptMs?: number;
  /** Each replay started by a timer, so shutdown can wait for it. */
  track?(work: Promise<void>): void;
}): JournalQueue<T> {
  const { log, dir } = o;
  const own = runFile(o.kind, dir, log);
  const line = (item: T) => `${JSON.stringify(item)}\n`;
  const waiting: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let replaying: Promise<void> | undefined;
  let adopting: Promise<void> | undefined;

  const persist = () => own.rewrite(waiting.map(line).join(''));

  function keep(...items: T[]): void {
    if (items.length === 0) return;
    waiting.push(...items);
    if (own.dirty()) persist();
    else own.append(items.map(line).join(''));
    timer ??= setInterval(tracked, o.retryMs ?? 2_000);
    timer.unref();
  }

  const adopt = () =>
    (adopting ??= adoptOrphanFiles({
      kind: o.kind,
      dir,
      file: own.file,
      run: own.run,
      keep: (l) => waiting.push(o.read(l)),
      kept: () => {
        persist();
        return !own.dirty();
      },
      adopted(from, unreadable) {
        log.info({ from, waiting: waiting.length }, 'journal adopted');
        if (unreadable > 0) log.error({ from, unreadable }, 'journal lines unreadable, skipped');
      },
    })
      .catch((err) => log.error({ err }, 'journal files of dead runs not read'))
      .finally(() => {
        adopting = undefined;
      }));

  function replay(): Promise<void> {
    replaying ??= (async () => {
      await own.started;
      await adopt();
      let written = 0;
      try {
        while (waiting.length > 0) {
          const items = waiting.slice(0, Math.max(1, o.batch ?? 1));
          await o.write(items);
          waiting.splice(0, items.length);
          written += items.length;
        }
      } catch (err) {
        log.warn({ err, waiting: waiting.length }, 'journal replay paused');
      } finally {
        if (written > 0 || own.dirty()) persist();
        if (written > 0) log.info({ written, waiting: waiting.length }, 'journal replayed');
        if (waiting.length === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
        replaying = undefined;
      }
    })();
    return replaying;
  }

  function tracked(): Promise<void> {
    const run = replay();
    o.track?.(run);
    return run;
  }

  const scan = setInterval(() => {
    if (replaying) return;
    void adopt().then(() => {
      if (waiting.length > 0) tracked();
    });
  }, o.adoptMs ?? 30_000);
  scan.unref();
  tracked();

  return {
    waiting,
    keep,
    persist,
    replay,
    async close() {
      clearInterval(scan);
      await replay();
      if (timer) clearInterval(timer);
      timer = undefined;
      if (waiting.length > 0 && own.dirty()) {
        log.error({ waiting: waiting.length }, 'journal entries lost: their file was not written');
      } else if (waiting.length > 0) {
        log.warn({ waiting: waiting.length }, 'journal entries left on disk for the next start');
      }
      await own.release();
    },
  };
}

/**
 * This run's own file and lock. Nothing is written before the lock answers (another run would
 * take the file); a write that failed marks the file `dirty`, to be rewritten whole next time.
 */
function runFile(kind: string, dir: string, log: Logger) {
  const lock = holdRunLock(dir);
  const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
  const file = join(dir, `${kind}-${host}-${process.pid}-${lock.run}.jsonl`);
  let locked = false;
  let dirty = false;
  function attempt(write: () => void): void {
    try {
      write();
      dirty = false;
    } catch (err) {
      dirty = true;
      log.error({ err }, 'journal file not written; retried every replay');
    }
  }
  return {
    file,
    run: lock.run,
    started: lock.ready
      .catch((err) => log.error({ err }, 'journal lock not held; files written without it'))
      .then(() => {
        locked = true;
      }),
    dirty: () => dirty || !locked,
    append: (text: string) => attempt(() => appendDurably(file, text)),
    rewrite(text: string) {
      if (locked) attempt(() => rewriteDurably(file, text));
      else dirty = true;
    },
    release: () => lock.release(),
  };
}
