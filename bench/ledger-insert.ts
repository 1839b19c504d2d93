import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { OPERATION_NAMES } from '../src/gateway/operations/index.js';
import { translator } from '../src/i18n/translator.js';
import { summaryContent } from '../src/jobs/summary-content.js';
import { dayRange } from '../src/ledger/day.js';
import { createLedger, type Ledger } from '../src/ledger/index.js';
import type { LedgerEntryInput } from '../src/ledger/types.js';
import { homeView } from '../src/slack/blocks/home-view.js';
import { summaryMessage } from '../src/slack/blocks/summary-message.js';
import { loadHomeData, spendAnswer, spendPeriod } from '../src/slack/spend/index.js';
import type { StoreDialect } from '../src/store/database.js';
import { openStore, type Store } from '../src/store/index.js';
import type { BenchResult } from './report.js';
import { silentLogger } from './silent.js';
import { round, spread } from './stats.js';

export const BENCH_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface LedgerBenchOptions {
  /** Entries inserted per database. Default 100 000. */
  entries?: number;
  /** record() calls in flight at once, as concurrent gateway answers would make them. Default 8. */
  concurrency?: number;
  /** Timed /spend 30d answers and Home tab builds (after 2 untimed each). Default 20. */
  queries?: number;
  /**
   * Entries written through record() (the insert rate is theirs), last, on top of the others,
   * which are bulk-loaded without aggregates first (the ledger builds those on first use).
   * Default: all of them up to 100 000; big sizes load the rest in bulk to stay within minutes.
   */
  recorded?: number;
  postgresUrl?: string;
}

const DAY_MS = 86_400_000;
const SPAN_DAYS = 40;
const WORKSPACE = 'T0BENCH';
const TIME_ZONE = 'Asia/Shanghai';
const EN = translator('en');

/**
 * Entry `i` of `n`, laid out evenly over the last 40 days: 9 in 10 for the measured workspace,
 * 25 users, every operation, and a QR refund every 50th entry (refunds are unique per session).
 */
export function benchEntry(
  i: number,
  n: number,
  now: number,
): { at: number; entry: LedgerEntryInput } {
  const refund = i % 50 === 49;
  return {
    at: now - SPAN_DAYS * DAY_MS + Math.floor((i * SPAN_DAYS * DAY_MS) / n),
    entry: {
      workspaceId: i % 10 === 4 ? 'T0OTHER' : WORKSPACE,
      userId: `U0USER${i % 25}`,
      channelId: `C0CHAN${i % 5}`,
      operation: refund ? 'qrStatus' : (OPERATION_NAMES[i % OPERATION_NAMES.length] ?? 'payOrder'),
      points: refund ? 10 : i % 7 === 5 ? 0 : (i % 5) + 1,
      kind: refund ? 'refund' : 'charge',
      gatewayCode: 0,
      requestId: `bench-${i}`,
      ...(refund ? { qrSessionId: `bench-session-${i}` } : {}),
    },
  };
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

type MeasureOptions = Required<Omit<LedgerBenchOptions, 'postgresUrl'>>;

const BULK_ROWS = 500;

/**
 * Entries [0, count) written straight into the table in multi-row inserts, as an older version
 * (or a year of use) would have left them: no aggregates. The ledger builds those on first use.
 */
async function bulkFill(store: Store, count: number, n: number, now: number): Promise<void> {
  for (let first = 0; first < count; first += BULK_ROWS * 20) {
    await store.db.transaction().execute(async (trx) => {
      for (let b = first; b < Math.min(first + BULK_ROWS * 20, count); b += BULK_ROWS) {
        const rows = [];
        for (let i = b; i < Math.min(b + BULK_ROWS, count); i++) {
          const { at, entry } = benchEntry(i, n, now);
          rows.push({
            workspace_id: entry.workspaceId,
            user_id: entry.userId ?? null,
            channel_id: entry.channelId ?? null,
            operation: entry.operation,
            points: entry.points,
            kind: entry.kind,
            gateway_code: entry.gatewayCode,
            request_id: entry.requestId,
            qr_session_id: entry.qrSessionId ?? null,
            created_at: at,
          });
        }
        await trx.insertInto('ledger_entries').values(rows).execute();
      }
    });
  }
}

/**
 * The aggregates' cost on the insert rate, measured under the same conditions (table size, CPU
 * share): alternating rounds of record() and of the same insert without the entry's day (what
 * record() did before migration 0004; the trigger then adds nothing). Run last: the plain rows
 * are not in the aggregates.
 */
async function insertAB(
  store: Store,
  ledger: Ledger,
  now: number,
  setClock: (at: number) => void,
): Promise<{ withAggregates: number | null; plain: number | null; ratio: number | null }> {
  const ROUNDS = 10;
  const PER_ROUND = 2_000;
  let seq = 0;
  let recordMs = 0;
  let plainMs = 0;
  const lanes = (fn: () => Promise<unknown>) =>
    Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = 0; i < PER_ROUND / 8; i++) await fn();
      }),
    );
  const entry = () => benchEntry(seq++ * 7, 1_000, now).entry;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    await lanes(async () => {
      const e = entry();
      setClock(now - 60_000);
      await ledger.record({
        ...e,
        requestId: `ab-r-${seq}`,
        qrSessionId: undefined,
        kind: 'charge',
      });
    });
    const t1 = performance.now();
    await lanes(async () => {
      const e = entry();
      await store.db
        .insertInto('ledger_entries')
        .values({
          workspace_id: e.workspaceId,
          user_id: e.userId ?? null,
          channel_id: e.channelId ?? null,
          operation: e.operation,
          points: e.points,
          kind: 'charge',
          gateway_code: e.gatewayCode,
          request_id: `ab-p-${seq}`,
          qr_session_id: null,
          created_at: now - 60_000,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
    });
    recordMs += t1 - t0;
    plainMs += performance.now() - t1;
  }
  const withAggregates = (ROUNDS * PER_ROUND * 1000) / recordMs;
  const plain = (ROUNDS * PER_ROUND * 1000) / plainMs;
  return {
    withAggregates: round(withAggregates),
    plain: round(plain),
    ratio: round(withAggregates / plain),
  };
}

async function timed(times: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  await fn();
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function measure(store: Store, opts: MeasureOptions) {
  const now = Date.now();
  const n = opts.entries;
  const recorded = Math.min(opts.recorded, n);
  const bulk = n - recorded;
  const f0 = performance.now();
  await bulkFill(store, bulk, n, now);
  const fillMs = performance.now() - f0;
  let at = now;
  // record() reads the clock before its first await, so each call gets the instant set for it.
  const ledger: Ledger = createLedger({
    store,
    clock: () => new Date(at),
    logger: silentLogger(),
    timeZone: TIME_ZONE,
  });
  // First use builds the aggregates from the entries already there (what migration 0004 meets).
  const b0 = performance.now();
  await ledger.spentOnDay({ workspaceId: WORKSPACE, day: new Date(now), timeZone: TIME_ZONE });
  const buildMs = performance.now() - b0;
  let next = bulk;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < n) {
        const planned = benchEntry(next++, n, now);
        at = planned.at;
        await ledger.record(planned.entry);
      }
    }),
  );
  const insertMs = performance.now() - t0;
  const nowDate = new Date(now);
  const spendTimes = await timed(opts.queries, () =>
    spendAnswer({
      ledger,
      workspaceId: WORKSPACE,
      text: '30d',
      now: nowDate,
      timeZone: TIME_ZONE,
      sandbox: false,
      t: EN,
    }),
  );
  // The Home tab of someone who makes calls, and of someone who never made one (their own
  // "last queries" find nothing to stop at).
  const home = (userId: string) => async () => {
    const data = await loadHomeData(ledger, store, WORKSPACE, nowDate, TIME_ZONE, userId);
    return homeView({ ...data, budget: 5000, sandbox: false }, EN);
  };
  const homeTimes = await timed(opts.queries, home('U0USER3'));
  const newcomerTimes = await timed(Math.max(3, Math.ceil(opts.queries / 4)), home('U0NEWCOMER'));
  // The summary as the 09:00 run builds it: its numbers, its message and its chart's data.
  const scheduledAt = new Date(dayRange(nowDate, TIME_ZONE).start.getTime() + 9 * 3_600_000);
  const summaryTimes = await timed(Math.max(3, Math.ceil(opts.queries / 4)), async () => {
    const content = await summaryContent(ledger, {
      workspaceId: WORKSPACE,
      scheduledAt,
      late: false,
      now: nowDate,
      timeZone: TIME_ZONE,
      budget: 5000,
      sandbox: false,
      t: EN,
    });
    return summaryMessage(content.data, EN);
  });
  const period = spendPeriod('30d', nowDate, TIME_ZONE);
  const { count } = await store.db
    .selectFrom('ledger_entries')
    .where('workspace_id', '=', WORKSPACE)
    .where('created_at', '>=', period.from.getTime())
    .where('created_at', '<', period.to.getTime())
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const stored = await store.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const aggregateRows = await store.db
    .selectFrom('ledger_daily')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const report = await ledger.spend({ workspaceId: WORKSPACE, ...period, timeZone: TIME_ZONE });
  const ab = await insertAB(store, ledger, now, (t) => {
    at = t;
  });
  const q = spread(spendTimes);
  const homeSpread = spread(homeTimes);
  const summary = spread(summaryTimes);
  return {
    entries: n,
    rowsStored: Number(stored.count),
    aggregateRows: Number(aggregateRows.count),
    bulkLoaded: bulk,
    bulkLoadMs: round(fillMs),
    aggregateBuildMs: round(buildMs),
    recordedThroughLedger: recorded,
    concurrency: opts.concurrency,
    insertMs: round(insertMs),
    entriesPerSec: round((recorded * 1000) / insertMs),
    spend30dP50Ms: round(q.p50),
    spend30dP95Ms: round(q.p95),
    spend30dMaxMs: round(q.max),
    homeBuildP50Ms: round(homeSpread.p50),
    homeBuildP95Ms: round(homeSpread.p95),
    homeBuildNewcomerP50Ms: round(spread(newcomerTimes).p50),
    summaryBuildP50Ms: round(summary.p50),
    summaryBuildMaxMs: round(summary.max),
    entriesIn30dWindow: Number(count),
    callsIn30dReport: report.calls,
    abRecordPerSec: ab.withAggregates,
    abPlainInsertPerSec: ab.plain,
    abRatio: ab.ratio,
  };
}

/**
 * Benchmark 4, on one database: a ledger of `entries` (the last `recorded` of them written through
 * the ledger's own record(), the path every gateway charge takes), then the whole `/spend 30d`
 * answer (queries and card), the Home tab's data and view, and the daily summary's content.
 * PostgreSQL runs in a temporary schema, dropped afterwards; a server not answering is skipped.
 */
export async function ledgerBench(
  dialect: StoreDialect,
  options: LedgerBenchOptions = {},
): Promise<BenchResult> {
  const entries = options.entries ?? 100_000;
  const opts: Required<LedgerBenchOptions> = {
    entries,
    recorded: options.recorded ?? Math.min(entries, 100_000),
    concurrency: options.concurrency ?? 8,
    queries: options.queries ?? 20,
    postgresUrl: options.postgresUrl ?? BENCH_POSTGRES_URL,
  };
  const name = `ledger: ${opts.entries} entries, ${dialect === 'sqlite' ? 'SQLite (file, WAL)' : 'PostgreSQL'}`;
  if (dialect === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'qd-bench-ledger-'));
    const store = await openStore(`sqlite:${join(dir, 'ledger.db')}`);
    try {
      return { name, figures: await measure(store, opts) };
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (!(await postgresAnswers(opts.postgresUrl))) {
    return { name, figures: { status: 'skipped: not answering' } };
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  let store: Store | undefined;
  try {
    store = await openStore(opts.postgresUrl, { schema });
    return { name, figures: { ...(await measure(store, opts)), schema: 'temporary, dropped' } };
  } finally {
    await store?.close();
    const client = new pg.Client({
      connectionString: opts.postgresUrl,
      connectionTimeoutMillis: 5000,
    });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  }
}
