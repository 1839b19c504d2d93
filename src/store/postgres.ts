import type { PostgresDialect } from 'kysely';
import pg from 'pg';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** bigint columns hold epoch milliseconds and sums of points: well inside 2^53, read as numbers. */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format),
} satisfies pg.CustomTypesConfig;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresParts {
  dialect: PostgresDialect;
  pool: pg.Pool;
}

/** PostgreSQL connections each pool keeps at most, unless the caller says otherwise. */
export const DEFAULT_POOL_SIZE = 20;

/**
 * A pool of at most `size` connections, each using `schema` (created if missing) as its search
 * path.
 */
export async function createPostgresDialect(
  url: string,
  options: { schema?: string; size?: number } = {},
): Promise<PostgresParts> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`schema name ${JSON.stringify(schema)} must match ${SCHEMA_NAME}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: options.size ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client losing its server must not crash the process; the next query on it reports it and
  // the pool drops it. The pool listens on idle clients; a client in hand (inside a transaction,
  // between two statements) needs its own listener, else a server shutdown is an uncaught error.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  if (schema) await ensureSchema(pool, schema);
  return { dialect: new OwnSchemaPostgresDialect({ pool }), pool };
}

async function ensureSchema(pool: pg.Pool, schema: string): Promise<void> {
  try {
    await pool.query(`create schema if not exists "${schema}"`);
  } catch (error) {
    // Two processes creating it at once: `if not exists` can still lose the race.
    const found = await pool.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (found.rowCount === 0) throw error;
  }
}
