import { type SqlBool, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/store/database.js';
import { createLeasedLoop } from '../../src/store/leased-loop.js';
import {
  type LeaseColumns,
  type LeasedTableSpec,
  leasedTable,
  leaseFree,
} from '../../src/store/leased-rows.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';

// The contract a new leased feature relies on, shown with a table of its own: a table name, its
// key columns and a few callbacks give claims that one worker wins, a lease that lapses for
// another to take over, and a loop that works each due row once across replicas.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

interface Key {
  workspaceId: string;
  thingId: string;
}
interface ThingRow extends LeaseColumns {
  workspace_id: string;
  thing_id: string;
  done: number;
}

/** What a feature hands the helper: its table, its key, how to find a row and which are due. */
function thingsSpec(db: Db): LeasedTableSpec<Key, ThingRow> {
  return {
    table: 'things',
    keyColumns: ['workspace_id', 'thing_id'],
    keyValues: (k) => [k.workspaceId, k.thingId],
    async find(k) {
      const { rows } = await sql<ThingRow>`select * from things
        where workspace_id = ${k.workspaceId} and thing_id = ${k.thingId}`.execute(db);
      return rows[0];
    },
    async due(now, limit) {
      const { rows } = await sql<ThingRow>`select * from things
        where done = 0 and ${leaseFree(now)} order by thing_id limit ${limit}`.execute(db);
      return rows.map((r) => ({ workspaceId: r.workspace_id, thingId: r.thing_id }));
    },
  };
}

/** The table with `count` rows due. */
async function createThings(db: Db, count: number): Promise<void> {
  await sql`create table things (workspace_id text not null, thing_id text not null,
    done integer not null default 0, lease_owner text, lease_until bigint,
    primary key (workspace_id, thing_id))`.execute(db);
  for (let i = 0; i < count; i++) {
    await sql`insert into things (workspace_id, thing_id) values ('T0', ${`thing-${i}`})`.execute(
      db,
    );
  }
}

/**
 * One due row and a loop over it (lease 300 ms) whose first hand-back the store refuses, as when
 * PostgreSQL restarts under load. The work marks the row done, but for its first `idlePasses`.
 */
async function refusedHandBack(db: Db, idlePasses: number) {
  await createThings(db, 1);
  const table = leasedTable(db, thingsSpec(db));
  let refuse = true;
  const flaky = {
    ...table,
    async releaseMany(keys: readonly Key[], owner: string) {
      if (refuse) {
        refuse = false;
        throw new Error('the store is away');
      }
      return table.releaseMany(keys, owner);
    },
  };
  const worked: number[] = [];
  const log = captureLogger('warn');
  const loop = createLeasedLoop({
    table: flaky,
    owner: 'replica-a',
    async work(row) {
      worked.push(Date.now());
      if (worked.length <= idlePasses) return;
      const k = { workspaceId: row.workspace_id, thingId: row.thing_id };
      await table.updateLeased(k, 'replica-a', { done: 1 });
    },
    clock: () => new Date(),
    log: log.logger,
    tickMs: 20,
    leaseMs: 300,
    maxInFlight: 3,
  });
  cleanups.push(() => loop.stop());
  return { table, loop, worked, log, key: { workspaceId: 'T0', thingId: 'thing-0' } };
}

describe.each(DIALECTS)('a leased table of its own (%s)', (dialect) => {
  it('one claim wins; a live lease holds; a lapsed one is taken over; only the holder writes', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    await createThings(store.db, 1);
    const things = leasedTable(store.db, thingsSpec(store.db));
    const key = { workspaceId: 'T0', thingId: 'thing-0' };

    const [a, b] = await Promise.all([
      things.claim(key, 'replica-a', 1_000, 500),
      things.claim(key, 'replica-b', 1_000, 500),
    ]);
    const winner = a ? 'replica-a' : 'replica-b';
    const loser = a ? 'replica-b' : 'replica-a';

    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await things.claim(key, loser, 1_499, 500)).toBeUndefined();
    expect(await things.updateLeased(key, loser, { done: 1 })).toBe(false);
    expect(await things.renew([key], loser, 2_000)).toEqual(new Set());
    expect(await things.renew([key], winner, 1_800)).toEqual(new Set([things.id(key)]));
    // Only the rows named are renewed: a lease its owner no longer has in hand is left to lapse.
    expect(await things.renew([], winner, 9_000)).toEqual(new Set());
    // Renewed to 1 800: still held at 1 700, taken over once it has passed.
    expect(await things.claim(key, loser, 1_700, 500)).toBeUndefined();
    expect(await things.claim(key, loser, 1_801, 500)).toMatchObject({ lease_owner: loser });
    expect(await things.updateLeased(key, winner, { done: 1 })).toBe(false);
    expect(await things.release(key, winner)).toBe(false);
    expect(await things.updateLeased(key, loser, { done: 1 })).toBe(true);
    expect(await things.release(key, loser)).toBe(true);
    expect(await things.spec.find(key)).toMatchObject({ done: 1, lease_owner: null });
  });

  it('claims a batch in one statement: only the free rows, each once; releases a batch', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    await createThings(store.db, 5);
    const things = leasedTable(store.db, thingsSpec(store.db));
    const key = (i: number) => ({ workspaceId: 'T0', thingId: `thing-${i}` });
    await things.claim(key(1), 'replica-b', 1_000, 500);
    // thing-9 does not exist; thing-1 is held by another replica.
    const keys = [key(0), key(1), key(2), key(3), key(9)];

    const won = await things.claimMany(keys, 'replica-a', 1_100, 500);

    expect(won.map((r) => r.thing_id).sort()).toEqual(['thing-0', 'thing-2', 'thing-3']);
    expect(won.every((r) => r.lease_owner === 'replica-a')).toBe(true);
    expect(won.map((r) => Number(r.lease_until))).toEqual([1_600, 1_600, 1_600]);
    expect(won.map((r) => things.rowId(r)).sort()).toEqual(
      [key(0), key(2), key(3)].map((k) => things.id(k)),
    );
    // A second batch over the same keys wins nothing while the leases live.
    expect(await things.claimMany(keys, 'replica-b', 1_200, 500)).toEqual([]);

    // Releasing the batch hands back only replica-a's rows; replica-b keeps thing-1.
    await things.releaseMany(keys, 'replica-a');
    expect(await things.renew(keys, 'replica-a', 2_000)).toEqual(new Set());
    expect(await things.renew(keys, 'replica-b', 2_000)).toEqual(new Set([things.id(key(1))]));
    const again = await things.claimMany(keys, 'replica-c', 1_300, 500);
    expect(again.map((r) => r.thing_id).sort()).toEqual(['thing-0', 'thing-2', 'thing-3']);
  });

  it('claims a batch under each claimable alternative in turn, with what it sets', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    await createThings(store.db, 4);
    await sql`update things set done = 2 where thing_id in ('thing-1', 'thing-3')`.execute(
      store.db,
    );
    const things = leasedTable(store.db, {
      ...thingsSpec(store.db),
      claimable: () => [
        { where: sql<SqlBool>`done = 0` },
        { where: sql<SqlBool>`done = 2`, set: { done: 3 } },
      ],
    });
    const keys = [0, 1, 2, 3].map((i) => ({ workspaceId: 'T0', thingId: `thing-${i}` }));

    const won = await things.claimMany(keys, 'replica-a', 1_000, 500);

    expect(won.map((r) => [r.thing_id, Number(r.done)]).sort()).toEqual([
      ['thing-0', 0],
      ['thing-1', 3],
      ['thing-2', 0],
      ['thing-3', 3],
    ]);
  });

  it('a lease whose release failed is not renewed: it lapses and the row is worked again', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    // The first pass leaves the row due and its hand-back is refused; the second finishes it.
    const { loop, table, key, worked, log } = await refusedHandBack(store.db, 1);
    loop.start();

    // Before: the heartbeat renewed every lease naming its owner, this orphan too, for as long as
    // the process lived, so nobody could claim the row again.
    await eventually(() => worked.length >= 2, 5_000, 'the row worked again after the lapse');

    expect(log.lines().map((l) => l.msg)).toContain('lease release failed');
    expect(await table.spec.find(key)).toMatchObject({ done: 1 });
  });

  it('a row held for work outside the loop stays leased until handed back, or lapses', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const { loop, table, key, worked, log } = await refusedHandBack(store.db, 0);
    // Claimed outside the loop (as a QR session is stored leased while it is set up), then held.
    const claimedAt = Date.now();
    expect(await table.claim(key, 'replica-a', claimedAt, 300)).toBeDefined();
    const held = loop.hold(key, claimedAt);
    loop.start();

    // Three leases long: the heartbeat keeps it, so the loop does not take it.
    await new Promise((r) => setTimeout(r, 900));
    expect(worked).toEqual([]);
    expect((await table.spec.find(key))?.lease_owner).toBe('replica-a');

    await held.release(); // refused by the store: logged, not thrown
    expect(log.lines().map((l) => l.msg)).toContain('lease release failed');
    await eventually(() => worked.length === 1, 5_000, 'the row worked after the lapse');
    // Its lease is handed back once the work ends, a moment after it started.
    await eventually(
      async () => (await table.spec.find(key))?.lease_owner === null,
      5_000,
      'the lease handed back after the work',
    );
    expect(await table.spec.find(key)).toMatchObject({ done: 1, lease_owner: null });
  });

  it('work whose last write frees the lease is not handed back again; failing after, it is', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    await createThings(store.db, 2);
    const table = leasedTable(store.db, thingsSpec(store.db));
    const handedBack: string[] = [];
    const counted = {
      ...table,
      releaseMany(keys: readonly Key[], owner: string) {
        handedBack.push(...keys.map((k) => k.thingId));
        return table.releaseMany(keys, owner);
      },
    };
    const log = captureLogger('warn');
    const finished: string[] = [];
    const loop = createLeasedLoop({
      table: counted,
      owner: 'replica-a',
      async work(row, _stopping, handingBack) {
        const key = { workspaceId: row.workspace_id, thingId: row.thing_id };
        handingBack();
        await table.updateLeased(key, 'replica-a', {
          done: 1,
          lease_owner: null,
          lease_until: null,
        });
        // Heartbeats run meanwhile (every 100 ms): none may call the freed lease lost.
        await new Promise((r) => setTimeout(r, 250));
        finished.push(row.thing_id);
        if (row.thing_id === 'thing-1') throw new Error('failed after its last write');
      },
      clock: () => new Date(),
      log: log.logger,
      tickMs: 20,
      leaseMs: 300,
      maxInFlight: 2,
    });
    cleanups.push(() => loop.stop());
    loop.start();

    await eventually(() => finished.length === 2, 5_000, 'both rows worked');
    await eventually(() => handedBack.includes('thing-1'), 5_000, 'the failed one handed back');
    expect(handedBack).toEqual(['thing-1']);
    for (const thingId of ['thing-0', 'thing-1']) {
      expect(await table.spec.find({ workspaceId: 'T0', thingId })).toMatchObject({
        done: 1,
        lease_owner: null,
      });
    }
    expect(log.lines().map((l) => l.msg)).toEqual(['leased work failed']);
  });

  it('work freeing its lease in a write slower than the lease keeps it until the write lands', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    await createThings(store.db, 1);
    const table = leasedTable(store.db, thingsSpec(store.db));
    const key = { workspaceId: 'T0', thingId: 'thing-0' };
    const log = captureLogger('warn');
    const takenByB: unknown[] = [];
    let written = false;
    const loop = createLeasedLoop({
      table,
      owner: 'replica-a',
      async work(_row, _stopping, handingBack) {
        handingBack();
        // The freeing write waits three leases (a loaded database): another replica trying to
        // claim the row meanwhile must find it still leased.
        for (let i = 0; i < 9; i++) {
          await new Promise((r) => setTimeout(r, 100));
          takenByB.push(await table.claim(key, 'replica-b', Date.now(), 300));
        }
        written = await table.updateLeased(key, 'replica-a', {
          done: 1,
          lease_owner: null,
          lease_until: null,
        });
      },
      clock: () => new Date(),
      log: log.logger,
      tickMs: 20,
      leaseMs: 300,
      maxInFlight: 1,
    });
    cleanups.push(() => loop.stop());
    loop.start();

    await eventually(() => takenByB.length === 9, 5_000, 'nine claims tried');
    await eventually(() => written, 5_000, 'the freeing write landed');

    // Before: handingBack stopped the renewals, the lease lapsed and replica-b took the row.
    expect(takenByB.filter((r) => r !== undefined)).toEqual([]);
    expect(await table.spec.find(key)).toMatchObject({ done: 1, lease_owner: null });
    // A renewal after the write finds the row free: that is the hand-back, not a lost lease.
    await new Promise((r) => setTimeout(r, 250));
    expect(log.lines().map((l) => l.msg)).toEqual([]);
  });

  it('two loops over it work each due row once, each by one of them', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const ROWS = 6;
    await createThings(store.db, ROWS);
    const spans: { id: string; owner: string; start: number; end: number }[] = [];
    const loopFor = (owner: string, db: Db) => {
      const table = leasedTable(db, thingsSpec(db));
      const loop = createLeasedLoop({
        table,
        owner,
        async work(row) {
          const start = Date.now();
          await new Promise((r) => setTimeout(r, 150));
          const key = { workspaceId: row.workspace_id, thingId: row.thing_id };
          await table.updateLeased(key, owner, { done: 1 });
          spans.push({ id: row.thing_id, owner, start, end: Date.now() });
        },
        clock: () => new Date(),
        log: captureLogger('error').logger,
        tickMs: 20,
        leaseMs: 600,
        maxInFlight: 3,
      });
      loop.start();
      cleanups.push(() => loop.stop());
    };
    // Both replicas are connected before either starts, so each finds rows due.
    const other = await database.open();
    loopFor('replica-a', store.db);
    loopFor('replica-b', other.db);

    await eventually(() => spans.length >= ROWS, 10_000, 'every row worked');

    expect(spans.map((s) => s.id).sort()).toEqual(
      Array.from({ length: ROWS }, (_, i) => `thing-${i}`),
    );
    expect(new Set(spans.map((s) => s.owner))).toEqual(new Set(['replica-a', 'replica-b']));
  });
});
