import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger, type Ledger } from '../../src/ledger/ledger.js';
import { spendPeriod } from '../../src/ledger/period.js';
import { rawSpendReport } from '../../src/ledger/spend-raw.js';
import { verifyAggregates } from '../../src/ledger/verify.js';
import type { Store } from '../../src/store/open-store.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { charge, manualClock, refund } from '../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';
const DAY = 86_400_000;
const silent = pino({ level: 'silent' });
const OPS = ['qrCreate', 'accountData', 'qrStatus', 'coupons', 'shopOrders'];

const ledgerIn = (store: Store, clock: () => Date, timeZone = ZONE): Ledger =>
  createLedger({ store, clock, logger: silent, timeZone });

/**
 * A mixed workload over `days` days up to `end`: charges (some of zero points, some by no user),
 * QR refunds (some delivered twice), two workspaces; entries at uneven instants, so day cuts fall
 * between them.
 */
async function workload(ledger: Ledger, time: { set(iso: string): void }, end: number, n: number) {
  for (let i = 0; i < n; i++) {
    const at = end - 9 * DAY + Math.floor(((i * 7919) % n) * ((9 * DAY) / n));
    time.set(new Date(at).toISOString());
    const ws = i % 9 === 0 ? 'T2' : 'T1';
    const extra = { workspaceId: ws, userId: i % 11 === 0 ? undefined : `U${i % 4}` };
    if (i % 17 === 0) {
      // A paid call that may have been charged: 0 points, counted apart.
      await ledger.record(charge(0, OPS[i % OPS.length], { ...extra, chargeUnknown: true }));
    } else if (i % 13 === 0) {
      const session = `S${Math.floor(i / 26)}`;
      await ledger.record(refund(10, session, extra));
    } else {
      await ledger.record(charge(i % 6 === 0 ? 0 : (i % 5) + 1, OPS[i % OPS.length], extra));
    }
  }
}

describe.each(DIALECTS)('ledger aggregates on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function setUp() {
    database = await freshDatabase(dialect);
    const store = await database.open();
    const time = manualClock('2026-11-20T04:30:00Z');
    return { store, time, ledger: ledgerIn(store, time.clock) };
  }

  it('equal the sums of the entries after a mixed workload with QR refunds', async () => {
    const { store, time, ledger } = await setUp();
    const end = Date.parse('2026-11-20T04:30:00Z');
    await workload(ledger, time, end, 600);

    const check = await verifyAggregates(store.db);

    expect(check.zone).toBe(ZONE);
    expect(check.rowsChecked).toBeGreaterThan(100);
    expect(check.mismatches).toEqual([]);
  });

  it('give the same reports as the entries, for whole and cut days', async () => {
    const { store, time, ledger } = await setUp();
    const end = Date.parse('2026-11-20T04:30:00Z');
    await workload(ledger, time, end, 600);
    const now = new Date(end);
    const ranges = [
      spendPeriod('today', now, ZONE),
      spendPeriod('7d', now, ZONE),
      spendPeriod('30d', now, ZONE),
      // The summary's "24 hours before 09:00 local": two cut days.
      { from: new Date(end - 1.5 * DAY), to: new Date(end - 0.5 * DAY) },
      // A cut that is most of a day (aggregate minus the entries outside it).
      { from: new Date(end - 5 * DAY - 3_600_000), to: new Date(end - 4 * DAY - 7_200_000) },
      { from: new Date(end - 3 * DAY + 60_000), to: new Date(end - 3 * DAY + 120_000) },
    ];

    for (const r of ranges) {
      const q = { workspaceId: 'T1', from: r.from, to: r.to, timeZone: ZONE };
      expect(await ledger.spend(q)).toEqual(await rawSpendReport(store.db, q));
    }
    const unknown = await store.db
      .selectFrom('ledger_entries')
      .where('workspace_id', '=', 'T1')
      // Still unconfirmed: a later answer of the same operation settled the others.
      .where('tally', '=', 'unknown')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const all = { workspaceId: 'T1', from: new Date(end - 10 * DAY), to: now };
    expect((await ledger.maybeCharged(all)).calls).toBe(Number(unknown.n));
    expect(Number(unknown.n)).toBeGreaterThan(10);
  });

  it('make the check fail, naming the row, when an aggregate is wrong', async () => {
    const { store, time, ledger } = await setUp();
    await workload(ledger, time, Date.parse('2026-11-20T04:30:00Z'), 60);
    const row = await store.db
      .selectFrom('ledger_daily')
      .selectAll()
      .limit(1)
      .executeTakeFirstOrThrow();
    await store.db
      .updateTable('ledger_daily')
      .set({ points: Number(row.points) + 7 })
      .where('workspace_id', '=', row.workspace_id)
      .where('day', '=', row.day)
      .where('operation', '=', row.operation)
      .where('user_id', '=', row.user_id)
      .where('kind', '=', row.kind)
      .execute();

    const check = await verifyAggregates(store.db);

    expect(check.mismatches).toEqual([
      expect.objectContaining({
        workspaceId: row.workspace_id,
        day: row.day,
        operation: row.operation,
        aggregate: { points: Number(row.points) + 7, calls: Number(row.calls) },
        entries: { points: Number(row.points), calls: Number(row.calls) },
      }),
    ]);
  });

  it('are built from entries written before them, and rebuilt when the zone changes', async () => {
    const { store, time } = await setUp();
    // Entries as an older version wrote them: no aggregate rows.
    for (let i = 0; i < 48; i++) {
      await store.db
        .insertInto('ledger_entries')
        .values({
          workspace_id: 'T1',
          user_id: i % 3 ? 'U1' : null,
          channel_id: 'C1',
          operation: OPS[i % OPS.length] ?? 'payOrder',
          points: (i % 4) + 1,
          kind: 'charge',
          gateway_code: 0,
          request_id: `old-${i}`,
          qr_session_id: null,
          created_at: Date.parse('2026-11-18T00:00:00Z') + i * 3_600_000,
        })
        .execute();
    }
    const now = new Date('2026-11-20T04:30:00Z');
    const week = { workspaceId: 'T1', ...spendPeriod('7d', now, ZONE), timeZone: ZONE };

    const shanghai = await ledgerIn(store, time.clock).spend(week);
    const check = await verifyAggregates(store.db);
    const newYork = ledgerIn(store, time.clock, 'America/New_York');
    const nyWeek = {
      ...week,
      ...spendPeriod('7d', now, 'America/New_York'),
      timeZone: 'America/New_York',
    };
    const inNewYork = await newYork.spend(nyWeek);
    const afterChange = await verifyAggregates(store.db);

    expect(shanghai.calls).toBe(48);
    expect(shanghai).toEqual(await rawSpendReport(store.db, week));
    expect(check).toMatchObject({ zone: ZONE, mismatches: [] });
    expect(inNewYork).toEqual(await rawSpendReport(store.db, nyWeek));
    expect(afterChange).toMatchObject({ zone: 'America/New_York', mismatches: [] });
  });
});

describe('ledger aggregates with concurrent writers on postgres', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('stay exact when three replicas record into the same rows at once', async () => {
    database = await freshDatabase('postgres');
    const stores = await Promise.all([database.open(), database.open(), database.open()]);
    const clock = () => new Date('2026-11-20T04:30:00Z');
    const ledgers = stores.map((s) => ledgerIn(s, clock));
    // 3 replicas × 8 in flight each, all into a handful of (day, operation, user, kind) rows.
    await Promise.all(
      ledgers.flatMap((ledger, r) =>
        Array.from({ length: 8 }, async (_, lane) => {
          for (let i = 0; i < 25; i++) {
            const n = r * 1000 + lane * 100 + i;
            await ledger.record(
              n % 10 === 0
                ? refund(3, `R${n}`, { userId: 'U1' })
                : charge((n % 3) + 1, OPS[n % 2], { userId: 'U1' }),
            );
          }
        }),
      ),
    );

    const check = await verifyAggregates(stores[0]!.db);
    const totals = await stores[0]!.db
      .selectFrom('ledger_daily')
      .select((eb) => eb.fn.sum<number>('calls').as('calls'))
      .executeTakeFirstOrThrow();

    expect(check.mismatches).toEqual([]);
    expect(Number(totals.calls)).toBe(3 * 8 * 25);
  });
});

describe.each(DIALECTS)("one person's last entries on %s", (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('finds them however old, newest first, and nothing for someone who never called', async () => {
    database = await freshDatabase(dialect);
    const store = await database.open();
    const time = manualClock('2026-11-01T04:00:00Z');
    const ledger = ledgerIn(store, time.clock);
    for (let i = 0; i < 3; i++) {
      time.set(new Date(Date.parse('2026-11-01T04:00:00Z') + i * 60_000).toISOString());
      await ledger.record(charge(i + 1, 'coupons', { userId: 'U0QUIET' }));
    }
    for (let i = 0; i < 30; i++) {
      time.set(new Date(Date.parse('2026-11-10T04:00:00Z') + i * 3_600_000).toISOString());
      await ledger.record(charge(1, 'payOrder', { userId: 'U0BUSY' }));
    }

    const quiet = await ledger.recent({ workspaceId: 'T1', limit: 10, userId: 'U0QUIET' });
    const busy = await ledger.recent({ workspaceId: 'T1', limit: 10, userId: 'U0BUSY' });
    const newcomer = await ledger.recent({ workspaceId: 'T1', limit: 10, userId: 'U0NEW' });

    expect(quiet.map((e) => e.points)).toEqual([3, 2, 1]);
    expect(busy).toHaveLength(10);
    expect(busy[0]!.createdAt).toEqual(new Date('2026-11-11T09:00:00Z'));
    expect(newcomer).toEqual([]);
  });
});
