import type { WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { createAuditLog } from '../../src/audit/audit-log.js';
import { readConfig } from '../../src/config.js';
import { createGatewayClient, type GatewayClient } from '../../src/gateway/client.js';
import { createLimiter } from '../../src/gateway/limiter.js';
import { createLocaleResolver } from '../../src/i18n/locale-resolver.js';
import { createLedger } from '../../src/ledger/ledger.js';
import { createMetrics } from '../../src/metrics.js';
import { createQrWatcher, type QrWatcher, type QrWatcherOptions } from '../../src/qr/index.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/index.js';
import { sharedResults } from '../../src/slack/caches/shared-results.js';
import type { SlackDeps } from '../../src/slack/context.js';
import type { AppDeps } from '../../src/slack/deps.js';
import { qrWatchDeps } from '../../src/slack/qr/index.js';
import type { StoreDialect } from '../../src/store/database.js';
import type { Store } from '../../src/store/open-store.js';
import { createSharedCache } from '../../src/store/shared-cache.js';
import { WorkTracker } from '../../src/work-tracker.js';
import { startCheckLog } from '../fakes/check-log.js';
import { freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { startDoubleWithClient } from '../fakes/slack-double.js';

export interface HarnessOptions {
  dialect?: StoreDialect;
  sandbox?: SandboxOptions;
  pollMs?: number;
  watchTimeoutMs?: number;
  /** Status checks answered this much later (slow gateway). */
  statusDelayMs?: number;
  leaseMs?: number;
  /** Schedule overrides (default: gaps capped at 200 ms). */
  schedule?: QrWatcherOptions['schedule'];
}

const silent = pino({ level: 'silent' });

export interface ReplicaOptions {
  /** Sessions its watcher works on at once (the watcher's default otherwise). */
  maxInFlight?: number;
  /** Its gateway client's limiter (default: one that never makes a call wait). */
  limiter?: ReturnType<typeof createLimiter>;
}

/** Real parts end to end: sandbox gateway (behind a check log), Slack double, store, ledger. */
export async function startHarness(opts: HarnessOptions = {}) {
  const closers: (() => Promise<unknown>)[] = [];
  const sandbox: Sandbox = await startSandbox({ rateLimitPerSecond: 1000, ...opts.sandbox });
  closers.push(() => sandbox.close());
  const checkLog = await startCheckLog(sandbox.url, { statusDelayMs: opts.statusDelayMs });
  closers.push(() => checkLog.close());
  const { double, client } = await startDoubleWithClient();
  closers.push(() => double.close());
  const database: TestDatabase = await freshDatabase(opts.dialect ?? 'sqlite');
  closers.push(() => database.dispose());
  const config = readConfig({
    QR_POLL_INTERVAL_MS: String(opts.pollMs ?? 50),
    QR_WATCH_TIMEOUT_MS: String(opts.watchTimeoutMs ?? 20_000),
    GATEWAY_TIMEZONE: 'Asia/Shanghai',
  });
  const clock = () => new Date();
  const watchers: QrWatcher[] = [];
  const gateways: GatewayClient[] = [];

  /** One "replica": its own store connection, gateway client, ledger and watcher. */
  async function replica(
    workerId: string,
    store?: Store,
    options: ReplicaOptions = {},
  ): Promise<SlackDeps & { watcher: QrWatcher }> {
    const db = store ?? (await database.open());
    const gateway = createGatewayClient({
      baseUrl: checkLog.url,
      logger: silent,
      timeZone: config.gateway.timeZone,
      sandbox: true,
      limiter: options.limiter ?? createLimiter({ limit: 1_000_000 }),
      retry: { attempts: 1 },
    });
    gateways.push(gateway);
    const ledger = createLedger({ store: db, clock, logger: silent });
    const cache = createSharedCache(db.db);
    // As main.ts wires it: every charge and refund the client reports goes to the ledger.
    gateway.onCharge(async (e) => {
      await ledger.record({ ...e });
    });
    const deps: AppDeps = {
      config,
      logger: silent,
      gateway,
      store: db,
      ledger,
      audit: createAuditLog(db.db),
      metrics: createMetrics(),
      clock,
      results: sharedResults(cache, (err) => {
        throw err;
      }),
      cache,
      work: new WorkTracker(),
      gatewayToken: async () => 'sandbox-token',
      dailyBudget: async () => undefined,
      summaryChannel: async () => undefined,
      locales: createLocaleResolver({ db: db.db, clock }),
      settings: {
        spendRules: async () => ({ channels: [], users: [] }),
        forCall: async () => ({
          rules: { channels: [], users: [] },
          budget: undefined,
          token: () => 'sandbox-token',
        }),
        gatewayTokenLast4: async () => undefined,
        language: async () => 'en' as const,
        approvalRules: async () => ({ above: undefined, approvers: [] }),
        sealGatewayToken: () => {
          throw new Error('no encryption key in this harness');
        },
      },
    };
    const watcher = createQrWatcher({
      deps: qrWatchDeps(deps, () => client),
      workerId,
      tickMs: 10,
      leaseMs: opts.leaseMs ?? 3_000,
      maxInFlight: options.maxInFlight,
      schedule: opts.schedule ?? { capMs: 200 },
    });
    watchers.push(watcher);
    return { ...deps, watcher };
  }

  const first = await replica('worker-a');
  return {
    sandbox,
    checkLog,
    double,
    client: client satisfies WebClient,
    database,
    deps: first,
    replica,
    who: { teamId: double.teamId, userId: 'U0ASKER01', channelId: 'C0QR00001' },
    async close() {
      await Promise.all(watchers.map((w) => w.stop().catch(() => undefined)));
      await Promise.all(gateways.map((g) => g.close()));
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export { eventually } from '../fakes/eventually.js';
