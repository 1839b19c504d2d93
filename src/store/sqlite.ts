import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from './database.js';

export const BUSY_TIMEOUT_MS = 5000;
const LOCK_WAIT_MS = 30_000;

/** `sqlite:PATH` → the file path (`:memory:` kept as is; `sqlite:///abs` → `/abs`). */
export function sqlitePath(url: string): string {
  const rest = url.replace(/^sqlite:/, '');
  if (rest === ':memory:') return rest;
  const path = rest.startsWith('//') ? rest.slice(2) : rest;
  if (path === '') throw new Error('sqlite URL has no path (expected sqlite:PATH)');
  return resolve(path);
}

/**
 * The database holds spend, audit and encrypted tokens: the file is created readable and writable
 * by its owner only (its WAL and shared-memory files take the same mode from it), and a file
 * found with wider permissions is narrowed. A new directory is the owner's only too.
 */
function ownerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  } catch {
    // Not ours to change (another user's file): SQLite reports what it cannot do on open.
  }
}

/** Opens the file (creating it and its directory), in WAL mode with a busy timeout. */
export function createSqliteDialect(url: string): SqliteDialect {
  const path = sqlitePath(url);
  if (path !== ':memory:') ownerOnly(path);
  const database = new SqliteDatabase(path);
  if (path !== ':memory:') database.pragma('journal_mode = WAL');
  // Another process (a second replica, the CLI) may hold the write lock for a moment.
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  return new SqliteDialect({ database });
}

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY';
}

/**
 * Runs `fn` inside `BEGIN IMMEDIATE`, so two processes opening one file migrate one after the
 * other (Kysely's own migration lock for SQLite only covers one connection). The lock is awaited
 * by polling rather than by busy_timeout, which would block the event loop while it waits.
 */
export async function withSqliteWriteLock<T>(
  db: Kysely<Database>,
  fn: () => Promise<T>,
): Promise<T> {
  const deadline = performance.now() + LOCK_WAIT_MS;
  await sql`pragma busy_timeout = 0`.execute(db);
  try {
    for (;;) {
      try {
        await sql`begin immediate`.execute(db);
        break;
      } catch (error) {
        if (!isBusy(error) || performance.now() > deadline) throw error;
        await delay(25);
      }
    }
  } finally {
    await sql`pragma busy_timeout = ${sql.lit(BUSY_TIMEOUT_MS)}`.execute(db);
  }
  try {
    const result = await fn();
    await sql`commit`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => {});
    throw error;
  }
}
