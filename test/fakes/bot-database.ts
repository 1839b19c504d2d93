import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { StoreDialect } from '../../src/store/database.js';
import { TEST_POSTGRES_URL } from './databases.js';

/**
 * A DATABASE_URL that two bots started one after the other (a restart) share: a SQLite file in a
 * fresh directory, or a fresh PostgreSQL schema put first on the search path. `dispose` removes it.
 */
export async function botDatabase(
  dialect: StoreDialect,
): Promise<{ url: string; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'qd-bot-db-'));
    return {
      url: `sqlite:${join(dir, 'qd.db')}`,
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `qd_bot_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  return {
    url: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    dispose: () => admin(`drop schema if exists ${schema} cascade`),
  };
}
