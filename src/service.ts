import type { CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { ExportRunner } from './exports/index.js';
import type { ChargeEvent } from './gateway/charges.js';
import { startIdleCollector } from './idle-gc.js';
import { startLedgerRetention } from './jobs/ledger-retention.js';
import { createLedger } from './ledger/index.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { QrWatcher } from './qr/index.js';
import { registerClientGauge } from './queue-gauges.js';
import type { Sandbox, SandboxOptions } from './sandbox/index.js';
import { createSlackApp, type SlackRuntime } from './slack/app.js';
import { earlyAckSamples, edgePlanTable } from './slack/commands/index.js';
import type { AppDeps } from './slack/deps.js';
import { HTTP_LIMITS, type HttpLimits } from './slack/http-edge/http-limits.js';
import { registerListeners } from './slack/listeners.js';
import { collectStartupGarbage } from './startup-gc.js';
import { openStore } from './store/index.js';
import type { SubscriptionPoller } from './subscriptions/index.js';
import type { OrderWatcher } from './watches/index.js';
import { oneWorkspaceDeps } from './wiring/app-deps.js';
import { auditing } from './wiring/audit.js';
import { budgetWarnings } from './wiring/budget-warnings.js';
import { chargeJournal, journalDirWritable, recordCharges } from './wiring/charges.js';
import { guardEdge } from './wiring/edge.js';
import { embeddedSandbox, gatewayClient } from './wiring/gateway.js';
import { appRoutes, separateMetrics } from './wiring/http.js';
import { createLifecycle } from './wiring/lifecycle.js';
import { rememberEnterprises, tenancy } from './wiring/oauth.js';
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
   * Prime the early ack and then collect start-up's garbage, before listening (see primeEarlyAck
   * and collectStartupGarbage): production's entry point sets it; start-up time that tests
   * starting hundreds of bots need not pay.
   */
  primeAcks?: boolean;
  /**
   * Serve the public port from the edge thread (slack/http-edge/edge-thread.ts) in many-workspace
   * mode: production's entry point sets it. `lost` is called if the thread ends on its own.
   */
  edgeThread?: { lost: (why: string) => void };
}

/**
 * Decisions made while priming (about 70 ms here): 1,000, 3,000 and 8,000 gave the same ack
 * times under a burst, so the least of them.
 */
export const PRIME_DECISIONS = 1000;

function primeAcks(runtime: SlackRuntime, logger: Logger): void {
  const t0 = performance.now();
  const primed = runtime.primeEarlyAck(earlyAckSamples(), PRIME_DECISIONS);
  if (primed)
    logger.info({ ...primed, ms: Math.round(performance.now() - t0) }, 'early ack primed');
}

/** The composition root: config → store → gateway → Slack app → watcher → jobs. Stopped in reverse. */
export async function startQuerydesk(config: Config, options: StartOptions): Promise<Querydesk> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const metrics = options.metrics ?? createMetrics({ defaults: true });
  const life = createLifecycle(logger);
  try {
    journalDirWritable(config);
    const store = life.own(await openStore(config.databaseUrl, { logger }), (s) => s.close());
    const ledger = createLedger({ store, clock, logger, timeZone: config.spendSummary.timeZone });
    // Charges the store cannot take right now wait in a local file (closed before the store).
    const journal = chargeJournal(config, { store, clock, logger, ledger }, life);
    const sandbox = await embeddedSandbox(config, options.sandbox, life, logger);
    const work = new WorkTracker();
    const { audit, toAudit, onSettled } = auditing(
      { store, clock, logger, work, retentionDays: config.auditRetentionDays, journal: config },
      life,
    );
    const gateway = life.own(gatewayClient(config, sandbox, metrics, logger, store, toAudit), (g) =>
      g.close(),
    );
    const {
      settings,
      oauth,
      clientFor: clients,
      box,
    } = await tenancy({
      config,
      store,
      clock,
      logger,
    });
    if (oauth) registerClientGauge(metrics.registry, oauth.clientCount);
    const routes = appRoutes(config, { metrics, store }, options.extraRoutes);
    const limits = options.httpLimits ?? HTTP_LIMITS;
    // Many-workspace mode only: there one process carries many workspaces' background work,
    // which delayed the acks (docs/design/rate-limit-and-acks.md#on-a-thread-of-its-own). With one
    // workspace the thread's own memory took the idle process past its 100 MiB goal.
    const edgeThread =
      options.edgeThread && config.mode === 'oauth'
        ? { plan: edgePlanTable(), lost: options.edgeThread.lost }
        : undefined;
    const runtime = createSlackApp({
      ...{ config, logger, local: options.local, routes, limits },
      oauth: oauth?.stores,
      edgeThread,
    });
    const clientFor = clients(() => runtime.app.client);
    const core = { config, logger, clock, ledger, settings, sandbox: !!sandbox };
    const warn = budgetWarnings({ ...core, slack: clientFor });
    // Off the answer's path: the person gets their card while the warning is checked and posted.
    const afterCharge = (e: ChargeEvent) => void work.track(warn(e.workspaceId, e));
    gateway.onCharge(recordCharges({ ledger: journal, metrics, afterCharge, onSettled }));
    const forgetInMemory = (teamId: string, gatewayToken?: string) => {
      oauth?.forget(teamId);
      if (gatewayToken) gateway.forgetToken(gatewayToken);
    };
    const deps = oneWorkspaceDeps({
      ...core,
      metrics,
      store,
      gateway,
      work,
      audit,
      forgetInMemory,
      secrets: box,
    });
    const workers = createWorkers(deps, clientFor);
    // Before every listener: unsafe input refused, a Slack retry or a double click acked only.
    guardEdge(runtime.app, { store, clock, logger, locales: deps.locales });
    if (oauth) rememberEnterprises(runtime.app, oauth, logger);
    const planner = registerListeners(runtime.app, { ...deps, ...workers });
    runtime.ackCommandsEarly(planner, (w) => work.track(w));
    if (options.primeAcks) {
      // Behind the edge thread the main thread decides nothing, and the thread's decision is a
      // look-up in a table (edge-plan.ts), with no parser or schema to compile first.
      if (!edgeThread) primeAcks(runtime, logger);
      const collected = collectStartupGarbage();
      if (collected) logger.info(collected, 'start-up garbage collected');
      else logger.warn('start-up garbage not collected: this Node gave no gc function');
    }
    await runtime.start();
    // On stop: no new requests first, then the answers already acked are finished.
    life.onStop(() => work.drain());
    life.own(runtime, (r) => r.stop());
    startWorkers(workers, life);
    life.own(await startDailySummary({ ...core, app: runtime.app, many: oauth }), (s) => s.stop());
    if (options.primeAcks) {
      const collector = startIdleCollector({
        onCollect: (freed, ms) =>
          logger.debug({ freedMiB: Math.round(freed / 2 ** 20), ms: Math.round(ms) }, 'idle gc'),
      });
      life.onStop(async () => collector.stop());
    }
    const retentionDays = config.ledgerRetentionDays;
    if (retentionDays) life.onStop(startLedgerRetention({ ledger, logger, retentionDays }));
    life.onStop(startStoreUpkeep(deps));
    const port = runtime.port() ?? config.port;
    const metricsPort = (await separateMetrics(config, { metrics, limits }, life)) ?? port;
    logger.info(
      {
        port,
        metricsPort,
        mode: config.mode,
        sandbox: !!sandbox,
        edgeThread: runtime.edgeThread(),
      },
      'querydesk started',
    );
    return { port, metricsPort, deps, ...workers, sandbox, runtime, stop: life.stop };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
