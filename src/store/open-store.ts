import { type Dialect, Kysely, type LogEvent, Migrator, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Db, StoreDialect } from './database.js';
import { migrationProvider } from './migrations/index.js';
import { createSqliteDialect, withSqliteWriteLock } from './sqlite.js';
import { type SettingsReader, settingsReadEachTime } from './workspace-settings.js';

export interface Store {
  /** People's requests: commands, clicks, forms, and what their answers read and write. */
  readonly db: Db;
  /**
   * The background loops (QR checks, order watches, exports, subscription polls) and the making
   * of their rows. On PostgreSQL a pool of its own, so people's answers never queue for a
   * connection behind background work; on SQLite the same database as `db`.
   */
  readonly background: Db;
  readonly dialect: StoreDialect;
  /** Workspace settings as this thread reads them (remembered on PostgreSQL; see the reader). */
  readonly settings: SettingsReader;
  /** People's queries waiting for a connection of their pool now (always 0 on SQLite). */
  waiting(): number;
  /** True when the database answers a trivial query within `timeoutMs` (for /readyz). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** PostgreSQL only: keep every table in this schema (created if missing). */
  schema?: string;
  logger?: Logger;
  /** Told of every query once it has run (its SQL and duration): benchmarks count them. */
  storeLog?: (event: LogEvent) => void;
  /**
   * PostgreSQL only: connections of the requests' pool and of the background pool; a background
   * of 0 opens no pool of its own (`background` is `db`): a thread that runs only one kind of work.
   */
  poolSizes?: { requests: number; background: number };
}

export function dialectOf(url: string): StoreDialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new Error('database URL must be sqlite:PATH or postgres://…');
}

/** Opens the database named by `url` and brings its schema up to date before returning. */
export async function openStore(url: string, opts: OpenStoreOptions = {}): Promise<Store> {
  const dialect = dialectOf(url);
  const log = opts.storeLog ? { log: opts.storeLog } : {};
  const requests = await kyselyDialect(url, dialect, opts, 'requests');
  const db = new Kysely<Database>({ ...log, dialect: requests.dialect });
  let background = db;
  try {
    await migrate(db, dialect, opts);
    if (dialect === 'postgres' && opts.poolSizes?.background !== 0) {
      background = new Kysely<Database>({
        ...log,
        dialect: (await kyselyDialect(url, dialect, opts, 'background')).dialect,
      });
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let settings: SettingsReader = settingsReadEachTime(db);
  if (dialect === 'postgres') {
    // pg is loaded only for a PostgreSQL URL.
    const { settingsRemembered } = await import('./settings-feed.js');
    settings = settingsRemembered(db, { url, schema: opts.schema, logger: opts.logger });
  }
  let closed = false;
  return {
    db,
    background,
    dialect,
    settings,
    waiting: () => requests.pool?.waitingCount ?? 0,
    ping: (timeoutMs = 2000) => (closed ? Promise.resolve(false) : ping(db, timeoutMs)),
    async close() {
      if (closed) return;
      closed = true;
      await settings.close();
      await db.destroy();
      if (background !== db) await background.destroy();
    },
  };
}

async function kyselyDialect(
  url: string,
  dialect: StoreDialect,
  opts: OpenStoreOptions,
  lane: 'requests' | 'background',
): Promise<{ dialect: Dialect; pool?: { waitingCount: number } }> {
  if (dialect === 'sqlite') return { dialect: createSqliteDialect(url) };
  // pg is loaded only for a PostgreSQL URL.
  const { createPostgresDialect } = await import('./postgres.js');
  const size = opts.poolSizes?.[lane];
  return createPostgresDialect(url, { schema: opts.schema, size });
}

async function migrate(db: Db, dialect: StoreDialect, opts: OpenStoreOptions): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider(dialect),
    // Kysely looks for its bookkeeping tables in this schema.
    ...(dialect === 'postgres'
      ? { migrationTableSchema: opts.schema ?? (await currentSchema(db)) }
      : {}),
  });
  const run = async () => {
    const { error, results = [] } = await migrator.migrateToLatest();
    for (const r of results) {
      opts.logger?.info({ migration: r.migrationName, status: r.status }, 'database migration');
    }
    if (error) {
      throw error instanceof Error
        ? error
        : new Error(`database migration failed: ${String(error)}`);
    }
  };
  // PostgreSQL: the dialect's introspection reads our schema only (own-schema-introspector.ts),
  // so other clients creating and dropping theirs meanwhile cannot fail this.
  if (dialect === 'sqlite') return withSqliteWriteLock(db, run);
  return run();
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

async function ping(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  const query = sql`select 1 as one`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
