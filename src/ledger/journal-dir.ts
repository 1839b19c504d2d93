import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RUN_DIR_MAX_BYTES } from './journal-lock.js';

/**
 * The journal's directory for one store inside JOURNAL_DIR: files are only ever replayed into the
 * store they were written for, even when several stores (or test runs) share one JOURNAL_DIR.
 * Named after the store's location (the SQLite file's absolute path; PostgreSQL's URL without
 * its password, so a changed password still finds what waits).
 */
export function journalDirFor(journalDir: string, databaseUrl: string): string {
  let where = databaseUrl;
  if (databaseUrl.startsWith('sqlite:')) where = `sqlite:${resolve(databaseUrl.slice(7))}`;
  else {
    try {
      const url = new URL(databaseUrl);
      url.password = '';
      where = url.toString();
    } catch {
      // Not a URL the journal can read apart: its whole text names the store.
    }
  }
  return join(journalDir, createHash('sha256').update(where).digest('hex').slice(0, 16));
}

/**
 * Makes sure charges can be written to `dir` (created if missing) by writing and removing a probe
 * file: a journal that cannot be written loses the charges it is there to keep, so this is asked
 * at start-up rather than discovered while the store is away. Throws why not (the OS error code,
 * or a path too long for a Unix socket: each run's lock is one, see journal-lock.ts).
 */
export function checkJournalDir(dir: string): void {
  if (Buffer.byteLength(dir) > RUN_DIR_MAX_BYTES) {
    // journalDirFor adds `/` and 16 hex digits to JOURNAL_DIR.
    const most = RUN_DIR_MAX_BYTES - 17;
    throw new Error(`too long a path for the journal's lock sockets (at most ${most} bytes)`);
  }
  const probe = join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new Error(`not a writable directory (${code})`);
  }
  rmSync(probe, { force: true });
}
