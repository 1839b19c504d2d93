import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store, saveWorkspaceSettings } from '../../src/store/index.js';
import { freshStore, TEST_POSTGRES_URL } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

// Workspace settings are read several times per command and per background check. On PostgreSQL
// each thread remembers them while it listens for the trigger's notifications; these tests hold
// it to reading a change however it was written, and to reading each time while not listening.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

/**
 * A workspace id of this file's own: notifications are database-wide, so another test file's
 * write of a `T1` row in its own schema would drop ours too (a harmless extra read in production,
 * a miscount here).
 */
const W = `T${randomBytes(4).toString('hex')}`;

/** A raw connection, as `psql` would be, on the schema. */
async function outside(schema: string): Promise<pg.Client> {
  const c = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    options: `-c search_path=${schema}`,
  });
  await c.connect();
  cleanups.push(() => c.end());
  return c;
}

/** Two stores on one fresh schema, as two replicas; `reads()` counts A's settings statements. */
async function twoReplicas() {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let reads = 0;
  let readsOfB = 0;
  const isRead = (sql: string) => /from "workspace_settings"/.test(sql) && /^select/.test(sql);
  const a = await openStore(TEST_POSTGRES_URL, {
    schema,
    storeLog: (e) => {
      if (isRead(e.query.sql)) reads++;
    },
  });
  const b = await openStore(TEST_POSTGRES_URL, {
    schema,
    storeLog: (e) => {
      if (isRead(e.query.sql)) readsOfB++;
    },
  });
  const psql = await outside(schema);
  cleanups.push(async () => {
    await a.close();
    await b.close();
    await psql.query(`drop schema if exists "${schema}" cascade`);
  });
  const save = (store: Store, budget: number) =>
    saveWorkspaceSettings(store.db, {
      workspaceId: W,
      dailyBudgetPoints: budget,
      now: new Date(),
    });
  /** A's reads once its feed listens and the last write's notification has landed: a read makes no statement. */
  const remembering = () =>
    eventually(
      async () => {
        await a.settings.read(W);
        // A notification of a write just made may still be on its way: let it land first.
        await new Promise((settle) => setTimeout(settle, 200));
        const before = reads;
        await a.settings.read(W);
        return reads === before;
      },
      10_000,
      'settings remembered',
    );
  return { schema, a, b, psql, save, reads: () => reads, readsOfB: () => readsOfB, remembering };
}

const budgetOf = async (store: Store) => (await store.settings.read(W))?.dailyBudgetPoints;

describe('workspace settings remembered on PostgreSQL', () => {
  it('a change saved by another replica is read once its notification arrives', async () => {
    const r = await twoReplicas();
    await r.save(r.b, 100);
    await r.remembering();
    expect(await budgetOf(r.a)).toBe(100);
    await r.save(r.b, 200);
    await eventually(async () => (await budgetOf(r.a)) === 200, 5_000, 'the change read');
  });

  it('a write from outside the bot (psql, the key rotation) is read too, a deletion included', async () => {
    const r = await twoReplicas();
    await r.save(r.b, 100);
    await r.remembering();
    await r.psql.query(`update workspace_settings set daily_budget_points = 7`);
    await eventually(async () => (await budgetOf(r.a)) === 7, 5_000, 'the update read');
    await r.remembering();
    await r.psql.query(`delete from workspace_settings`);
    await eventually(async () => (await r.a.settings.read(W)) === undefined, 5_000, 'gone');
  });

  it('its own write is read at once; a read a change overtook is not remembered', async () => {
    const r = await twoReplicas();
    await r.save(r.a, 100);
    await r.remembering();
    await r.save(r.a, 300);
    r.a.settings.changed(W);
    expect(await budgetOf(r.a)).toBe(300);
    await r.remembering();
    const reading = r.a.settings.read(W);
    r.a.settings.changed(W);
    await reading;
    const before = r.reads();
    await r.a.settings.read(W);
    expect(r.reads()).toBe(before + 1);
  });

  it('with the feed lost every read goes to the database; remembered again once it is back', async () => {
    const r = await twoReplicas();
    await r.save(r.b, 100);
    await r.remembering();
    const { rowCount } = await r.psql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
      [`querydesk settings feed ${r.schema}`],
    );
    expect(rowCount).toBe(2); // A's and B's
    // Changed while nobody listens: never notified to A, yet read.
    await eventually(
      async () => {
        await r.save(r.b, 500);
        return (await budgetOf(r.a)) === 500;
      },
      5_000,
      'the change read while not listening',
    );
    await r.remembering();
    expect(await budgetOf(r.a)).toBe(500);
  });
});

describe('workspace settings read through another pool', () => {
  it('share what is remembered, and read what is not through that pool', async () => {
    const r = await twoReplicas();
    await r.save(r.a, 100);
    await r.remembering();
    const viaB = r.a.settings.via(r.b.db);
    const [a0, b0] = [r.reads(), r.readsOfB()];
    expect((await viaB.read(W))?.dailyBudgetPoints).toBe(100);
    expect([r.reads(), r.readsOfB()]).toEqual([a0, b0]);
    r.a.settings.changed(W);
    expect((await viaB.read(W))?.dailyBudgetPoints).toBe(100);
    expect([r.reads(), r.readsOfB()]).toEqual([a0, b0 + 1]);
    await r.a.settings.read(W);
    expect(r.reads()).toBe(a0);
  });
});

describe('workspace settings on SQLite', () => {
  it('are read each time, so a write is read at once', async () => {
    const { store, dispose } = await freshStore('sqlite');
    cleanups.push(dispose);
    await saveWorkspaceSettings(store.db, {
      workspaceId: W,
      dailyBudgetPoints: 1,
      now: new Date(),
    });
    expect(await budgetOf(store)).toBe(1);
    await saveWorkspaceSettings(store.db, {
      workspaceId: W,
      dailyBudgetPoints: 2,
      now: new Date(),
    });
    expect(await budgetOf(store)).toBe(2);
  });
});
