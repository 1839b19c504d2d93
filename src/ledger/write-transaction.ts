import { setTimeout as delay } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Database, Db, StoreDialect } from '../store/database.js';
import { BUSY_TIMEOUT_MS } from '../store/sqlite.js';

/**
 * A transaction that writes. On SQLite it starts with BEGIN IMMEDIATE: a deferred transaction
 * that reads before it writes fails at once with SQLITE_BUSY when another process (a second
 * replica on the same file) committed meanwhile, whereas IMMEDIATE waits its turn. The wait is
 * polled (busy_timeout 0 while asking) rather than left to busy_timeout, which would block the
 * event loop, and with it the holder of the lock when that is another store in this process.
 * On PostgreSQL it is an ordinary transaction.
 */
export async function writeTransaction<T>(
  db: Db,
  dialect: StoreDialect,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`pragma busy_timeout = 0`.execute(conn);
    try {
      const deadline = performance.now() + BUSY_TIMEOUT_MS;
      for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
        try {
          await sql`begin immediate`.execute(conn);
          break;
        } catch (error) {
          if (!isBusy(error) || performance.now() > deadline) throw error;
          await delay(wait);
        }
      }
    } finally {
      await sql`pragma busy_timeout = ${sql.lit(BUSY_TIMEOUT_MS)}`.execute(conn);
    }
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
}

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY';
}
