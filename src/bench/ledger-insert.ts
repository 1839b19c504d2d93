import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { OPERATION_NAMES } from '../gateway/operations/index.js';
import { createLedger, type Ledger } from '../ledger/index.js';
import type { LedgerEntryInput } from '../ledger/types.js';
import { spendAnswer, spendPeriod } from '../slack/spend/index.js';
import type { StoreDialect } from '../store/database.js';
import { openStore, type Store } from '../store/index.js';
import type { BenchResult } from './report.js';
import { silentLogger } from './silent.js';
import { round, spread } from './stats.js';

export const BENCH_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface LedgerBenchOptions {
  /** Entries inserted per database. Default 100 000. */
  entries?: number;
  /** record() calls in flight at once, as concurrent gateway answers would make them. Default 8. */
  concurrency?: number;
  /** Timed /spend 30d answers (after 2 untimed). Default 20. */
  queries?: number;
  postgresUrl?: string;
}

const DAY_MS = 86_400_000;
const SPAN_DAYS = 40;
const WORKSPACE = 'T0BENCH';
const TIME_ZONE = 'Asia/Shanghai';

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

async function measure(store: Store, opts: Required<Omit<LedgerBenchOptions, 'postgresUrl'>>) {
  const now = Date.now();
  let at = now;
  // record() reads the clock before its first await, so each call gets the instant set for it.
  const ledger: Ledger = createLedger({ store, clock: () => new Date(at), logger: silentLogger() });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < opts.entries) {
        const planned = benchEntry(next++, opts.entries, now);
        at = planned.at;
        await ledger.record(planned.entry);
      }
    }),
  );
  const insertMs = performance.now() - t0;
  const ask = () =>
    spendAnswer({
      ledger,
      workspaceId: WORKSPACE,
      text: '30d',
      now: new Date(now),
      timeZone: TIME_ZONE,
      sandbox: false,
    });
  await ask();
  await ask();
  const times: number[] = [];
  for (let i = 0; i < opts.queries; i++) {
    const q0 = performance.now();
    await ask();
    times.push(performance.now() - q0);
  }
  const period = spendPeriod('30d', new Date(now), TIME_ZONE);
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
  const report = await ledger.spend({ workspaceId: WORKSPACE, ...period, timeZone: TIME_ZONE });
  const q = spread(times);
  return {
    entries: opts.entries,
    rowsStored: Number(stored.count),
    concurrency: opts.concurrency,
    insertMs: round(insertMs),
    entriesPerSec: round((opts.entries * 1000) / insertMs),
    spend30dP50Ms: round(q.p50),
    spend30dP95Ms: round(q.p95),
    spend30dMaxMs: round(q.max),
    entriesIn30dWindow: Number(count),
    callsIn30dReport: report.calls,
  };
}

/**
 * Benchmark 4, on one database: entries written through the ledger's own record() (the path every
 * gateway charge takes), then the whole `/spend 30d` answer (both queries and the card) over them.
 * PostgreSQL runs in a temporary schema, dropped afterwards; a server not answering is skipped.
 */
export async function ledgerBench(
  dialect: StoreDialect,
  options: LedgerBenchOptions = {},
): Promise<BenchResult> {
  const opts: Required<LedgerBenchOptions> = {
    entries: options.entries ?? 100_000,
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
