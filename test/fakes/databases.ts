import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { StoreDialect } from '../../src/store/database.js';
import { openStore, type Store } from '../../src/store/open-store.js';

/** Both databases every store test runs against; CI starts PostgreSQL, so it is never skipped. */
export const DIALECTS: readonly StoreDialect[] = ['sqlite', 'postgres'];

/** Trust auth on loopback; TEST_POSTGRES_URL overrides it for other set-ups. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * One isolated database: a file in a fresh temp directory (SQLite, WAL) or a fresh random schema
 * (PostgreSQL). `open()` may be called more than once to get several stores sharing it, as two
 * replicas would. `dispose()` closes them all and removes the file or drops the schema.
 */
export interface TestDatabase {
  dialect: StoreDialect;
  url: string;
  schema?: string;
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

export async function freshDatabase(dialect: StoreDialect): Promise<TestDatabase> {
  const stores: Store[] = [];
  const track = async (store: Promise<Store>) => {
    const s = await store;
    stores.push(s);
    return s;
  };
  const closeAll = () => Promise.all(stores.map((s) => s.close()));

  if (dialect === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'querydesk-store-'));
    const url = `sqlite:${join(dir, 'nested', 'querydesk.db')}`;
    return {
      dialect,
      url,
      open: () => track(openStore(url)),
      async dispose() {
        await closeAll();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  const schema = `t_${randomBytes(6).toString('hex')}`;
  const url = TEST_POSTGRES_URL;
  return {
    dialect,
    url,
    schema,
    open: () => track(openStore(url, { schema })),
    async dispose() {
      await closeAll();
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A fresh, migrated store of `dialect`, and the function that throws it all away. */
export async function freshStore(
  dialect: StoreDialect,
): Promise<{ store: Store; database: TestDatabase; dispose: () => Promise<void> }> {
  const database = await freshDatabase(dialect);
  try {
    const store = await database.open();
    return { store, database, dispose: () => database.dispose() };
  } catch (error) {
    await database.dispose().catch(() => {});
    throw error;
  }
}
