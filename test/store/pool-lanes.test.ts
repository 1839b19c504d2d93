import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/open-store.js';
import { TEST_POSTGRES_URL } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

describe("people's requests and the background work each have their own PostgreSQL pool", () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let store: Store | undefined;

  afterEach(async () => {
    await store?.close();
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  });

  it('a background query is answered while every connection of the requests is held, and the wait is seen', async () => {
    store = await openStore(TEST_POSTGRES_URL, {
      schema,
      poolSizes: { requests: 1, background: 1 },
    });
    const s = store;
    // The requests' one connection held in a transaction, as a slow answer would hold it.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inside = false;
    const holding = s.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      inside = true;
      await held;
    });
    await eventually(() => inside, 5_000, 'the transaction holds the connection');
    expect(s.waiting()).toBe(0);
    // A person's query now waits for that connection…
    const waitingQuery = sql<{ one: number }>`select 1 as one`.execute(s.db);
    await eventually(() => s.waiting() === 1, 5_000, "the person's query waits");
    // …while the background work still reads and writes through its own.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from qr_sessions`.execute(
      s.background,
    );
    expect(rows[0]?.n).toBe(0);
    expect(s.waiting()).toBe(1);
    release();
    await holding;
    expect((await waitingQuery).rows[0]?.one).toBe(1);
    expect(s.waiting()).toBe(0);
  });

  it('a thread that runs one kind of work opens one pool (background: 0), of the size asked', async () => {
    store = await openStore(TEST_POSTGRES_URL, {
      schema,
      poolSizes: { requests: 2, background: 0 },
    });
    const s = store;
    expect(s.background).toBe(s.db);
    // Two connections, held at once; a third query waits for one of them.
    const release: (() => void)[] = [];
    const holds = [0, 1].map(() =>
      s.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise<void>((r) => release.push(r));
      }),
    );
    await eventually(() => release.length === 2, 5_000, 'both connections held');
    const third = sql<{ one: number }>`select 1 as one`.execute(s.background);
    await eventually(() => s.waiting() === 1, 5_000, 'the third query waits');
    for (const r of release) r();
    await Promise.all(holds);
    expect((await third).rows[0]?.one).toBe(1);
  });

  it('SQLite has one database for both', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'querydesk-lanes-'));
    const lite = await openStore(`sqlite:${join(dir, 'q.db')}`);
    try {
      expect(lite.background).toBe(lite.db);
      expect(lite.waiting()).toBe(0);
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
