import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/console/free-port.js';
import type { SlackDouble } from '../src/slack-double/index.js';
import { type ReplicaProcess, startReplica, warningsIn } from './replica-process.js';
import { SCALE_CLIENT } from './scale-world.js';

/** A PostgreSQL database of this run's own (the shared server is never emptied). */
export async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `qd_scale_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const run = async (query: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type LiveItems = Awaited<ReturnType<typeof liveItems>>;

/** Live items in the store now: what the background loops keep working on. */
export async function liveItems(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async (q: string) => Number((await c.query(q)).rows[0].n);
    return {
      liveQrCodes: await one(`select count(*) n from qr_sessions where watch_state = 'watching'`),
      liveWatches: await one(`select count(*) n from order_watches where watch_state = 'watching'`),
      liveSubscriptions: await one(`select count(*) n from subscriptions where state = 'active'`),
    };
  } finally {
    await c.end();
  }
}

/**
 * What the run's own database has done so far, by PostgreSQL's statistics: transactions (a
 * statement outside a transaction is one) and scans of the settings table (a read by workspace is
 * one). A backend reports its counts when idle, within a second or so: over a window of minutes
 * the difference of two readings is the window's.
 */
export async function databaseActivity(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async (q: string) => Number((await c.query(q)).rows[0]?.n ?? 0);
    return {
      transactions: await one(
        `select xact_commit + xact_rollback n from pg_stat_database where datname = current_database()`,
      ),
      settingsScans: await one(
        `select coalesce(idx_scan, 0) + coalesce(seq_scan, 0) n from pg_stat_user_tables where relname = 'workspace_settings'`,
      ),
    };
  } finally {
    await c.end();
  }
}

export type DatabaseActivity = Awaited<ReturnType<typeof databaseActivity>>;

/** This module's sibling script: compiled .js under `npm run bench`, .ts (through tsx) in tests. */
function sibling(name: string): { script: string; env: Record<string, string> } {
  const ts = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(`./${name}.${ts ? 'ts' : 'js'}`, import.meta.url));
  return { script, env: ts ? { NODE_OPTIONS: '--import tsx' } : {} };
}

export interface Bot extends ReplicaProcess {
  /**
   * Its /metrics now, as text, for the diagnostics read from it (scale-figures.ts): its own
   * lateness histograms, its timing of people's answers, its threads' garbage collection.
   */
  exposition(): Promise<string>;
  /** Its log's warnings and errors so far, counted by message (see `warningsIn`). */
  warnings(): string;
}

/** Where a scale run keeps its bots' logs unless told otherwise (git-ignored). */
export const BOT_LOG_DIR = join(process.cwd(), 'bench', 'results');

export async function startBots(
  n: number,
  env: Record<string, string>,
  redisUrl: string,
  logDir = BOT_LOG_DIR,
): Promise<Bot[]> {
  const bots: Bot[] = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    const extra: Record<string, string> = n > 1 ? { REDIS_URL: redisUrl, REPLICAS: String(n) } : {};
    // Each replica's log, kept for a look after the run (bench/results/ is not committed).
    const logFile = join(logDir, `scale-${n}-replica${n > 1 ? 's' : ''}-bot-${i + 1}.log`);
    const r = await startReplica({ ...env, ...extra, METRICS_PORT: String(port) }, { logFile });
    const url = `http://127.0.0.1:${port}/metrics`;
    bots.push({
      ...r,
      exposition: async () => (await fetch(url)).text(),
      warnings: () => warningsIn(logFile),
    });
  }
  return bots;
}

/**
 * The reference: plain Bolt apps that only ack, as many as the bot's replicas, started beside the
 * bot, so they take the same stream at the same moments on the same machine.
 */
export async function startPlainBolts(double: SlackDouble, n: number): Promise<ReplicaProcess[]> {
  const { script, env } = sibling('scale-plain-bolt');
  const out: ReplicaProcess[] = [];
  for (let i = 0; i < n; i++) {
    out.push(
      await startReplica(
        {
          ...env,
          SLACK_BOT_TOKEN: double.botToken,
          SLACK_SIGNING_SECRET: double.signingSecret,
          SLACK_API_URL: double.apiUrl,
        },
        { script },
      ),
    );
  }
  return out;
}

/** A scale run's bot in many-workspace mode: the double as Slack, the sandbox as the gateway. */
export function scaleBotEnv(
  double: SlackDouble,
  gatewayUrl: string,
  databaseUrl: string,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: '',
    SLACK_CLIENT_ID: SCALE_CLIENT.id,
    SLACK_CLIENT_SECRET: SCALE_CLIENT.secret,
    SLACK_STATE_SECRET: 'scale-state-secret',
    SLACK_SIGNING_SECRET: double.signingSecret,
    SLACK_API_URL: double.apiUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    GATEWAY_BASE_URL: gatewayUrl,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}
