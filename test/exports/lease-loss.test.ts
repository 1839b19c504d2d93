import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createExportRunner,
  type ExportMessages,
  type ExportRow,
  type ExportSource,
  findExport,
  insertExport,
} from '../../src/exports/index.js';
import { CallWithdrawn } from '../../src/gateway/call.js';
import type { StoreDialect } from '../../src/store/database.js';
import type { Store } from '../../src/store/index.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';

// A replica whose lease renewals fail (the store refuses them) must stop its export before the
// lease lapses: once it lapses another replica claims the export and buys the next page, and a
// page bought by both is paid twice. Real SQLite and PostgreSQL; the pages and Slack are fakes.

const PAGES = 30;
const PAGE_MS = 100;
const LEASE_MS = 600;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

function runningRow(id: string, now: number): ExportRow {
  return {
    workspace_id: 'T0LEASE',
    export_id: id,
    channel_id: 'C0EXPORTS',
    user_id: 'U0EXPORTER',
    kind: 'shopOrders',
    args_json: '{}',
    state: 'running',
    message_ts: '1700000000.000001',
    next_page: 0,
    cursor_json: null,
    total_pages: null,
    rows: 0,
    points: 0,
    note: null,
    stopped_by: null,
    file_id: null,
    csv_bom: 1,
    csv_header: null,
    approved_by: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    started_at: now,
    created_at: now,
    updated_at: now,
  };
}

interface Bought {
  by: string;
  page: number;
  at: number;
}

/** Paid pages that take PAGE_MS each, recorded with the replica that bought them. */
function sourceFor(by: string, bought: Bought[]): ExportSource {
  return {
    header: () => ['n'],
    async fetch(_row, cursor) {
      const page = typeof cursor === 'number' ? cursor : 0;
      bought.push({ by, page, at: Date.now() });
      await new Promise((r) => setTimeout(r, PAGE_MS));
      return { rows: [[`${page}`]], points: 5, next: page + 1 < PAGES ? page + 1 : undefined };
    },
  };
}

const messages: ExportMessages = {
  post: async () => ({ ts: '1700000000.000002', locale: 'en' }),
  show: async () => {},
  upload: async () => 'F0CSV',
};

function runner(
  store: Store,
  workerId: string,
  bought: Bought[],
  source: ExportSource = sourceFor(workerId, bought),
) {
  const r = createExportRunner({
    deps: {
      config: { export: { maxRows: 10_000, startGraceMs: 60_000 } },
      logger: captureLogger('error').logger,
      store,
      clock: () => new Date(),
      source,
      messages,
    },
    workerId,
    tickMs: 50,
    leaseMs: LEASE_MS,
  });
  r.start();
  cleanups.push(() => r.stop());
  return r;
}

/**
 * From now on the database refuses every write that takes or extends a lease for `owner` (its
 * renewals fail as in a store blip); its other writes, and giving the lease back, still work.
 */
async function refuseLeases(store: Store, dialect: StoreDialect, owner: string): Promise<void> {
  const who = sql.lit(owner);
  if (dialect === 'sqlite') {
    await sql`create trigger refuse_leases before update on exports
      when new.lease_owner = ${who} and new.lease_until is not null
        and new.lease_until is not old.lease_until
      begin select raise(abort, 'lease writes refused'); end`.execute(store.db);
    return;
  }
  await sql`create function refuse_leases() returns trigger language plpgsql as $$
    begin
      if new.lease_owner = ${who} and new.lease_until is not null
        and new.lease_until is distinct from old.lease_until then
        raise exception 'lease writes refused';
      end if;
      return new;
    end $$`.execute(store.db);
  await sql`create trigger refuse_leases before update on exports
    for each row execute function refuse_leases()`.execute(store.db);
}

describe.each(DIALECTS)('an export whose lease renewal fails (%s)', (dialect) => {
  it('stops on the failed renewal; the replica that takes it over buys each page once', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const key = { workspaceId: 'T0LEASE', exportId: 'renewal-fails' };
    await insertExport(store.db, runningRow(key.exportId, Date.now()));
    const bought: Bought[] = [];
    runner(store, 'replica-a', bought);
    await eventually(() => bought.length >= 3, 10_000, 'replica-a buying pages');

    await refuseLeases(store, dialect, 'replica-a');
    runner(await database.open(), 'replica-b', bought);
    const done = await eventually(
      async () => {
        const row = await findExport(store.db, key);
        return row?.state === 'done' && row;
      },
      30_000,
      'the export done',
    );

    const pages = bought.map((b) => b.page);
    expect(pages.slice().sort((x, y) => x - y)).toEqual([...Array(PAGES).keys()]);
    expect(done).toMatchObject({ rows: PAGES, points: 5 * PAGES, next_page: PAGES });
    // Replica-a stopped once its renewal failed, and replica-b went on from the next page.
    const byB = bought.filter((b) => b.by === 'replica-b');
    const lastByA = Math.max(...bought.filter((b) => b.by === 'replica-a').map((b) => b.at));
    expect(byB.length).toBeGreaterThan(0);
    expect(lastByA).toBeLessThan(Math.min(...byB.map((b) => b.at)));
  });
});

describe.each(DIALECTS)(
  'an export whose lease goes while a page waits its turn (%s)',
  (dialect) => {
    it('withdraws that page unsent: nothing bought after the lease was lost', async () => {
      const { store, dispose } = await freshStore(dialect);
      cleanups.push(dispose);
      const key = { workspaceId: 'T0LEASE', exportId: 'queued-page' };
      await insertExport(store.db, runningRow(key.exportId, Date.now()));
      const asked: number[] = [];
      const bought: Bought[] = [];
      // Each page waits a second at the rate limit (as behind a burst of people's look-ups), then
      // asks whether it may still go, as the gateway client does, and is bought only then.
      const queued: ExportSource = {
        header: () => ['n'],
        async fetch(_row, cursor, mayStillSend) {
          const page = typeof cursor === 'number' ? cursor : 0;
          asked.push(Date.now());
          await new Promise((r) => setTimeout(r, 1_000));
          if (mayStillSend?.() === false) throw new CallWithdrawn('shopOrders', `page-${page}`);
          bought.push({ by: 'replica-a', page, at: Date.now() });
          return { rows: [[`${page}`]], points: 5, next: page + 1 < PAGES ? page + 1 : undefined };
        },
      };
      runner(store, 'replica-a', bought, queued);
      // Its second page is waiting: another replica takes the export.
      await eventually(() => asked.length >= 2, 10_000, 'a second page waiting');
      const takenAt = Date.now();
      const taken = await sql`update exports set lease_owner = 'replica-b',
      lease_until = ${Date.now() + 60_000}
      where workspace_id = ${key.workspaceId} and export_id = ${key.exportId}`.execute(store.db);
      expect(Number(taken.numAffectedRows)).toBe(1);
      // The waiting page would have gone about a second after it was asked for.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(bought.map((b) => b.page)).toEqual([0]);
      expect(bought.every((b) => b.at < takenAt)).toBe(true);
      expect(asked).toHaveLength(2);
    });
  },
);
