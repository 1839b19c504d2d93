import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_POSTGRES_URL } from './databases.js';

/** The shared PostgreSQL's URL with `schema` first on the search path, for a bot's DATABASE_URL. */
export function searchPathUrl(schema: string): string {
  return `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/**
 * A fresh schema on the shared PostgreSQL, created now, as a DATABASE_URL every bot (replicas, a
 * restart, another process) can be given; `drop` removes it and everything in it.
 */
export async function freshSchema(
  prefix: string,
): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  return {
    schema,
    url: searchPathUrl(schema),
    drop: () => admin(`drop schema if exists ${schema} cascade`),
  };
}
