import type { CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { ExportRunner } from './exports/index.js';
import { createLedger } from './ledger/index.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { QrWatcher } from './qr/index.js';
import { registerClientGauge } from './queue-gauges.js';
import { tuneRuntime } from './runtime-tuning.js';
import type { Sandbox, SandboxOptions } from './sandbox/index.js';
import { createSlackApp, type SlackRuntime } from './slack/app.js';
import { ackPlanTable } from './slack/commands/index.js';
import type { AppDeps } from './slack/deps.js';
import { HTTP_LIMITS, type HttpLimits } from './slack/http-edge/http-limits.js';
import { registerListeners } from './slack/listeners.js';
import { type OpenStoreOptions, openStore, type Store } from './store/index.js';
import type { SubscriptionPoller } from './subscriptions/index.js';
import type { OrderWatcher } from './watches/index.js';
import { oneWorkspaceDeps } from './wiring/app-deps.js';
import { auditing } from './wiring/audit.js';
import { chargeHooks, chargeJournal, journalDirWritable } from './wiring/charges.js';
import { embeddedSandbox, gatewayClient } from './wiring/gateway.js';
import { guardListeners } from './wiring/guards.js';
import { appRoutes, separateMetrics } from './wiring/http.js';
import { createLifecycle } from './wiring/lifecycle.js';
import { forgetting, type OAuthWiring, rememberEnterprises, tenancy } from './wiring/oauth.js';
import { startStoreUpkeep } from './wiring/store-upkeep.js';
import { startDailySummary } from './wiring/summary.js';
import { createWorkers, startWorkers } from './wiring/workers.js';
import { WorkTracker } from './work-tracker.js';

export interface Querydesk {
  port: number;
  /** The port serving /metrics: `port` unless METRICS_PORT names another. */
  metricsPort: number;
  deps: AppDeps;
  watcher: QrWatcher;
  orderWatcher: OrderWatcher;
  exportRunner: ExportRunner;
  subscriptionPoller: SubscriptionPoller;
  sandbox?: Sandbox;
  runtime: SlackRuntime;
  stop(): Promise<void>;
}

export interface StartOptions {
  logger: Logger;
  clock?: () => Date;
  metrics?: Metrics;
  /** Console mode: the local Slack double's credentials. */
  local?: { botToken: string; signingSecret: string };
  /** Options for the embedded sandbox (console mode makes QR codes scan by themselves). */
  sandbox?: Pick<
    SandboxOptions,
    'qrScanAfterMs' | 'orderPayAfterMs' | 'orderCallbackAfterMs' | 'shopOrderEveryMs'
  >;
  /** More routes on the same port (the local console and its Slack double). */
  extraRoutes?: CustomRoute[];
  /** Tests shorten the HTTP server's limits (production: HTTP_LIMITS). */
  httpLimits?: HttpLimits;
  /**
   * The runtime tuning (runtime-tuning.ts: a collection before listening, then the idle
   * collector): production's entry point sets it; start-up time that tests starting hundreds of
   * bots need not pay.
   */
  tuneRuntime?: boolean;
  /** Told of every store query once it has run (the logger goes to the store too). */
  storeLog?: OpenStoreOptions['storeLog'];
}

/**
 * The Slack side: one receiver for the HTTP modes (or Bolt's Socket Mode), its routes (health,
 * readiness, metrics, the console's), the one ack planner, and the work tracker shutdown waits on.
 */
function slackRuntime(
  config: Config,
  options: StartOptions,
  p: { metrics: Metrics; store: Store; work: WorkTracker; oauth?: OAuthWiring },
): SlackRuntime {
  return createSlackApp({
    config,
    logger: options.logger,
    routes: appRoutes(config, { metrics: p.metrics, store: p.store }, options.extraRoutes),
    limits: options.httpLimits ?? HTTP_LIMITS,
    track: (w) => p.work.track(w),
    plan: ackPlanTable(),
    local: options.local,
    oauth: p.oauth?.stores,
  });
}

/** The store, with people's and the background work's pools as configured (PostgreSQL). */
function storeOf(
  config: Config,
  options: Pick<StartOptions, 'logger' | 'storeLog'>,
): Promise<Store> {
  const { logger, storeLog } = options;
  return openStore(config.databaseUrl, { logger, storeLog, poolSizes: config.databasePool });
}

/** The composition root: config → store → gateway → Slack app → watcher → jobs. Stopped in reverse. */
export async function startQuerydesk(config: Config, options: StartOptions): Promise<Querydesk> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const metrics = options.metrics ?? createMetrics({ defaults: true });
  const life = createLifecycle(logger);
  try {
    journalDirWritable(config);
    const store = life.own(await storeOf(config, options), (s) => s.close());
    const ledger = createLedger({ store, clock, logger, timeZone: config.spendSummary.timeZone });
    // Charges the store cannot take right now wait in a local file (closed before the store).
    const journal = chargeJournal(config, { store, clock, logger, ledger }, life);
    const sandbox = await embeddedSandbox(config, options.sandbox, life, logger);
    const work = new WorkTracker();
    const audit = { retentionDays: config.auditRetentionDays, journal: config };
    const audited = auditing({ store, clock, logger, work, ...audit }, life);
    const gateway = life.own(
      gatewayClient(config, sandbox, metrics, logger, store, audited.toAudit),
      (g) => g.close(),
    );
    const tenants = await tenancy({ config, store, clock, logger });
    const { settings, oauth } = tenants;
    if (oauth) registerClientGauge(metrics.registry, oauth.clientCount);
    const runtime = slackRuntime(config, options, { metrics, store, work, oauth });
    const clientFor = tenants.clientFor(() => runtime.app.client);
    const core = { config, logger, clock, ledger, settings, sandbox: !!sandbox };
    chargeHooks({ ...core, gateway, journal, metrics, work, audited, slack: clientFor });
    const parts = { metrics, store, gateway, work, audit: audited.audit, secrets: tenants.box };
    const deps = oneWorkspaceDeps({
      ...core,
      ...parts,
      forgetInMemory: forgetting(oauth, gateway),
    });
    const workers = createWorkers(deps, clientFor, tenants.background);
    // Before every listener: unsafe input refused, a Slack retry or a double click acked only.
    guardListeners(runtime.app, { store, clock, logger, locales: deps.locales });
    if (oauth) rememberEnterprises(runtime.app, oauth, logger);
    registerListeners(runtime.app, { ...deps, ...workers });
    if (options.tuneRuntime) life.own(tuneRuntime(logger), async (tuning) => tuning.stop());
    await runtime.start();
    // On stop: no new requests first, then the answers already acked are finished.
    life.onStop(() => work.drain());
    life.own(runtime, (r) => r.stop());
    startWorkers(workers, life);
    life.own(await startDailySummary({ ...core, app: runtime.app, many: oauth }), (s) => s.stop());
    life.onStop(startStoreUpkeep(deps));
    const port = runtime.port() ?? config.port;
    const limits = options.httpLimits ?? HTTP_LIMITS;
    const metricsPort = (await separateMetrics(config, { metrics, limits }, life)) ?? port;
    logger.info({ port, metricsPort, mode: config.mode, sandbox: !!sandbox }, 'querydesk started');
    return { port, metricsPort, deps, ...workers, sandbox, runtime, stop: life.stop };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
