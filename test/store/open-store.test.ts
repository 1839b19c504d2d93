import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.js';
import { sqlitePath } from '../../src/store/sqlite.js';
import {
  DIALECTS,
  freshDatabase,
  TEST_POSTGRES_URL,
  type TestDatabase,
} from '../fakes/databases.js';

const TABLES = [
  'approval_requests',
  'audit_entries',
  'budget_locks',
  'budget_reservations',
  'export_pages',
  'exports',
  'idempotency_keys',
  'installations',
  'job_claims',
  'ledger_daily',
  'ledger_entries',
  'ledger_price_peaks',
  'ledger_prices',
  'ledger_state',
  'oauth_states',
  'order_watches',
  'person_languages',
  'qr_sessions',
  'qr_workers',
  'shared_cache',
  'step_executions',
  'subscription_poll_pages',
  'subscription_posts',
  'subscriptions',
  'summary_runs',
  'team_enterprises',
  'workspace_settings',
];

describe.each(DIALECTS)('openStore on %s', (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.dispose();
  });

  it('creates every table and answers ping', async () => {
    database = await freshDatabase(dialect);

    const store = await database.open();

    const tables = await store.db.introspection.getTables();
    const names = tables
      .filter((t) => dialect === 'sqlite' || t.schema === database.schema)
      .map((t) => t.name)
      .sort();
    expect(names).toEqual(TABLES);
    expect(store.dialect).toBe(dialect);
    expect(await store.ping()).toBe(true);
  });

  it('reports not ready once closed', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();

    await store.close();

    expect(await store.ping()).toBe(false);
  });

  it('opens an already migrated database again without changes or data loss', async () => {
    database = await freshDatabase(dialect);
    const first = await database.open();
    await first.db
      .insertInto('workspace_settings')
      .values({ workspace_id: 'T1', daily_budget_points: 50, updated_at: 1 })
      .execute();
    await first.close();

    const second = await database.open();

    const row = await second.db
      .selectFrom('workspace_settings')
      .select('daily_budget_points')
      .where('workspace_id', '=', 'T1')
      .executeTakeFirstOrThrow();
    expect(row.daily_budget_points).toBe(50);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(
      second.db,
    );
    expect(applied.rows.map((r) => r.name)).toEqual([
      '0001-initial',
      '0002-qr-watch',
      '0003-shared-cache',
      '0004-ledger-aggregates',
      '0005-qr-workers',
      '0006-hardening',
      '0007-workspaces',
      '0008-order-watches-exports',
      '0009-workflow-steps',
      '0010-subscriptions',
      '0011-charge-unknown',
      '0012-secrets-edges',
      '0013-language',
      '0014-lease-owner-indexes',
      '0015-message-locale',
      '0016-export-csv-header',
      '0017-subscription-poll-pages',
      '0018-step-claims',
      '0019-approval-requests',
      '0020-approval-starts',
      '0021-unconfirmed-by-time',
      '0022-settings-changes',
    ]);
  });

  it('lets two stores migrate the same new database at the same time', async () => {
    database = await freshDatabase(dialect);

    const [a, b] = await Promise.all([database.open(), database.open()]);

    await a.db
      .insertInto('summary_runs')
      .values({ workspace_id: 'T1', period_key: 'p', claimed_at: 1, late: 0 })
      .execute();
    const seen = await b.db.selectFrom('summary_runs').select('period_key').execute();
    expect(seen).toEqual([{ period_key: 'p' }]);
  });

  it('reads epoch-millisecond timestamps back as exact numbers', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    const at = Date.UTC(2031, 0, 2, 3, 4, 5, 678);

    await store.db
      .insertInto('workspace_settings')
      .values({ workspace_id: 'T1', updated_at: at })
      .execute();

    const row = await store.db
      .selectFrom('workspace_settings')
      .select('updated_at')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(at);
  });
});

describe('openStore on sqlite files', () => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.dispose();
  });

  it('creates the file and its directory, in WAL mode', async () => {
    database = await freshDatabase('sqlite');
    const path = sqlitePath(database.url);
    expect(existsSync(path)).toBe(false);

    const store = await database.open();

    expect(existsSync(path)).toBe(true);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
  });

  it('accepts an in-memory database', async () => {
    const store = await openStore('sqlite::memory:');

    expect(await store.ping()).toBe(true);
    await store.close();
  });
});

describe('openStore on postgres', () => {
  it('opens while other clients create and drop schemas in the same database', async () => {
    // Another app on the server (or another test) dropping its schema while ours migrates: the
    // migrator's look at every schema's tables must not fail start-up.
    const churn = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await churn.connect();
    let churning = true;
    const other = `t_churn_${process.pid}`;
    const churned = (async () => {
      while (churning) {
        await churn.query(`create schema if not exists "${other}"`);
        await churn.query(`create table if not exists "${other}".t (id int)`);
        await churn.query(`drop schema "${other}" cascade`);
        await new Promise((pause) => setTimeout(pause, 20));
      }
    })();
    const opened: TestDatabase[] = [];
    try {
      for (let i = 0; i < 16; i++) {
        const database = await freshDatabase('postgres');
        opened.push(database);
        const store = await database.open();
        expect(await store.ping()).toBe(true);
      }
    } finally {
      churning = false;
      await churned;
      await churn.end();
      await Promise.all(opened.map((d) => d.dispose()));
    }
  }, 60_000);

  it("its introspection lists its own schema's tables and columns, and nothing of another's", async () => {
    const database = await freshDatabase('postgres');
    const other = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await other.connect();
    const foreign = `t_foreign_${process.pid}`;
    try {
      await other.query(`create schema if not exists "${foreign}"`);
      await other.query(`create table if not exists "${foreign}".ledger_entries (id serial)`);
      const store = await database.open();
      expect((await store.db.introspection.getSchemas()).map((s) => s.name)).toEqual([
        database.schema,
      ]);
      const tables = await store.db.introspection.getTables();
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([database.schema]));
      const ledger = tables.find((t) => t.name === 'ledger_entries');
      expect(ledger?.columns.length).toBeGreaterThan(3);
      expect(tables.some((t) => t.name === 'kysely_migration')).toBe(false);
      const all = await store.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(all.some((t) => t.name === 'kysely_migration')).toBe(true);
    } finally {
      await other.query(`drop schema if exists "${foreign}" cascade`);
      await other.end();
      await database.dispose();
    }
  });

  it('keeps its tables in its own schema, none in public', async () => {
    const database = await freshDatabase('postgres');
    try {
      const store = await database.open();

      const rows = await sql<{ table_schema: string }>`
        select distinct table_schema from information_schema.tables
        where table_name = 'ledger_entries' and table_schema in (${database.schema}, 'public')
      `.execute(store.db);
      expect(rows.rows.map((r) => r.table_schema)).toEqual([database.schema]);
    } finally {
      await database.dispose();
    }
  });

  it('survives its server ending a connection held between two statements of a transaction', async () => {
    const database = await freshDatabase('postgres');
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const store = await database.open();

      // The server ends the backend while the transaction holds it and no statement is running:
      // pg reports that on the client as an 'error' event, which must not become uncaught.
      const inTransaction = store.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await new Promise((r) => setTimeout(r, 300));
        await sql`select 1`.execute(tx);
      });

      await expect(inTransaction).rejects.toThrow();
      // The broken connection left the pool: the store still answers.
      expect(await store.ping()).toBe(true);
    } finally {
      await admin.end();
      await database.dispose();
    }
  });

  it('fails to open, naming the cause, when nothing listens', async () => {
    const port = await unusedPort();

    const opening = openStore(`postgres://postgres@127.0.0.1:${port}/test`, { schema: 't_none' });

    await expect(opening).rejects.toThrow(/ECONNREFUSED|connect/);
  });

  it('refuses a schema name that could inject SQL', async () => {
    await expect(openStore('postgres://127.0.0.1/test', { schema: 'x"; drop' })).rejects.toThrow(
      /schema name/,
    );
  });
});

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

describe('the SQLite file', () => {
  it('is created readable by its owner only, WAL file included, and a wider file is narrowed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qd-mode-'));
    const previous = process.umask(0o022);
    try {
      const path = join(dir, 'new', 'querydesk.db');
      const store = await openStore(`sqlite:${path}`);
      await store.ping();
      expect(statSync(path).mode & 0o777).toBe(0o600);
      if (existsSync(`${path}-wal`)) expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, 'new')).mode & 0o777).toBe(0o700);
      await store.close();

      const wide = join(dir, 'wide.db');
      writeFileSync(wide, '', { mode: 0o644 });
      const again = await openStore(`sqlite:${wide}`);
      expect(statSync(wide).mode & 0o777).toBe(0o600);
      await again.close();
    } finally {
      process.umask(previous);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
