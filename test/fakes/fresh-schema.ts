import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_POSTGRES_URL } from '../../fakes/databases.js';

/** A fresh schema on the shared PostgreSQL, as a DATABASE_URL every replica can be given. */
export async function freshSchema(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
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
    url: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => admin(`drop schema if exists ${schema} cascade`),
  };
}
