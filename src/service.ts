import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import { createAuditLog } from './audit/audit-log.js';
import type { Config } from './config.js';
import { createExportRunner, type ExportRunner } from './exports/index.js';
import { startMetricsServer } from './http/metrics-server.js';
import { healthRoutes } from './http/routes.js';
import { startLedgerRetention } from './jobs/ledger-retention.js';
import { createLedger } from './ledger/index.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createQrWatcher, type QrWatcher } from './qr/index.js';
import type { Sandbox, SandboxOptions } from './sandbox/index.js';
import { createSecretBox } from './secrets/cipher.js';
import { createSlackApp, type SlackRuntime, serverOf } from './slack/app.js';
import type { AppDeps } from './slack/deps.js';
import { exportDeps } from './slack/exports/export-deps.js';
import { HTTP_LIMITS, type HttpLimits } from './slack/http-limits.js';
import { idempotencyMiddleware } from './slack/idempotency.js';
import { inputGuardMiddleware } from './slack/input-guard.js';
import { registerListeners } from './slack/listeners.js';
import { qrWatchDeps } from './slack/qr/index.js';
import { orderWatchDeps } from './slack/watches/watch-deps.js';
import { workspaceSettings } from './slack/workspace-settings.js';
import { createIdempotencyKeys } from './store/idempotency.js';
import { openStore } from './store/index.js';
import { createOrderWatcher, type OrderWatcher } from './watches/index.js';
import { oneWorkspaceDeps } from './wiring/app-deps.js';
import { auditOutcomes, startAuditPrune } from './wiring/audit.js';
import { budgetWarnings } from './wiring/budget-warnings.js';
import { recordCharges } from './wiring/charges.js';
import { embeddedSandbox, gatewayClient } from './wiring/gateway.js';
import { createLifecycle } from './wiring/lifecycle.js';
import { oauthWiring } from './wiring/oauth.js';
import { startDailySummary } from './wiring/summary.js';
import { WorkTracker } from './work-tracker.js';

export interface Querydesk {
  port: number;
  /** The port serving /metrics: `port` unless METRICS_PORT names another. */
  metricsPort: number;
  deps: AppDeps;
  watcher: QrWatcher;
  orderWatcher: OrderWatcher;
  exportRunner: ExportRunner;
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
  sandbox?: Pick<SandboxOptions, 'qrScanAfterMs' | 'orderPayAfterMs' | 'orderCallbackAfterMs'>;
  /** More routes on the same port (the local console and its Slack double). */
  extraRoutes?: CustomRoute[];
  /** Tests shorten the HTTP server's limits (production: HTTP_LIMITS). */
  httpLimits?: HttpLimits;
}

/** The composition root: config → store → gateway → Slack app → watcher → jobs. Stopped in reverse. */
export async function startQuerydesk(config: Config, options: StartOptions): Promise<Querydesk> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const metrics = options.metrics ?? createMetrics({ defaults: true });
  const life = createLifecycle(logger);
  try {
    const store = life.own(await openStore(config.databaseUrl, { logger }), (s) => s.close());
    const ledger = createLedger({ store, clock, logger, timeZone: config.spendSummary.timeZone });
    const sandbox = await embeddedSandbox(config, options.sandbox, life, logger);
    const work = new WorkTracker();
    const audit = createAuditLog(store.db);
    const toAudit = auditOutcomes({ audit, clock, logger, work });
    const gateway = life.own(gatewayClient(config, sandbox, metrics, logger, toAudit), (g) =>
      g.close(),
    );
    const box = config.encryptionKey
      ? createSecretBox(config.encryptionKey, config.encryptionKeyPrevious)
      : undefined;
    const settings = workspaceSettings(store, config, box);
    const oauth =
      config.mode === 'oauth' && box ? oauthWiring({ config, store, box, clock }) : undefined;
    const routes = [
      ...healthRoutes({
        metrics,
        ready: () => store.ping(),
        withMetrics: config.metricsPort === undefined,
      }),
      ...(options.extraRoutes ?? []),
    ];
    const limits = options.httpLimits ?? HTTP_LIMITS;
    const runtime = createSlackApp({
      ...{ config, logger, local: options.local, routes, limits },
      oauth: oauth?.stores,
    });
    life.own(
      startAuditPrune({ audit, clock, logger, retentionDays: config.auditRetentionDays }),
      (p) => p.stop(),
    );
    const clientFor = (teamId: string) =>
      oauth ? oauth.clientFor(teamId) : Promise.resolve(runtime.app.client);
    const core = { config, logger, clock, ledger, settings, sandbox: !!sandbox };
    const warn = budgetWarnings({ ...core, slack: clientFor });
    // Off the answer's path: the person gets their card while the warning is checked and posted.
    const afterCharge = (e: { workspaceId: string }) => void work.track(warn(e.workspaceId));
    gateway.onCharge(recordCharges({ ledger, metrics, afterCharge }));
    const deps = oneWorkspaceDeps({ ...core, metrics, store, gateway, work, audit });
    const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    const watcher = createQrWatcher({
      deps: qrWatchDeps(deps, clientFor),
      workerId,
    });
    const orderWatcher = createOrderWatcher({
      deps: orderWatchDeps(deps, clientFor),
      workerId,
    });
    const exportRunner = createExportRunner({
      deps: exportDeps(deps, clientFor),
      workerId,
    });
    // Before every listener: unsafe form values and clicks are refused at the edge, then a Slack
    // retry or a double click is acked and does nothing.
    runtime.app.use(inputGuardMiddleware({ logger }));
    runtime.app.use(
      idempotencyMiddleware({
        keys: createIdempotencyKeys(store.db, () => clock().getTime()),
        logger,
      }),
    );
    registerListeners(runtime.app, { ...deps, watcher, orderWatcher, exportRunner });
    await runtime.start();
    // On stop: no new requests first, then the answers already acked are finished.
    life.onStop(() => work.drain());
    life.own(runtime, (r) => r.stop());
    // Live QR sessions resume from the store, with their next check times.
    life.own(watcher, (w) => w.stop()).start();
    // Order watches too: each resumes with its next check.
    life.own(orderWatcher, (w) => w.stop()).start();
    // Running exports go on from the page after the last one stored.
    life.own(exportRunner, (r) => r.stop()).start();
    life.own(await startDailySummary({ ...core, app: runtime.app, many: oauth }), (s) => s.stop());
    const retentionDays = config.ledgerRetentionDays;
    if (retentionDays) life.onStop(startLedgerRetention({ ledger, logger, retentionDays }));
    const address = serverOf(runtime)?.address() as AddressInfo | undefined;
    const port = address?.port ?? config.port;
    let metricsPort = port;
    if (config.metricsPort !== undefined) {
      const separate = life.own(
        await startMetricsServer({ metrics, port: config.metricsPort, limits }),
        (m) => m.close(),
      );
      metricsPort = separate.port;
    }
    logger.info({ port, metricsPort, mode: config.mode, sandbox: !!sandbox }, 'querydesk started');
    return {
      ...{ port, metricsPort, deps, watcher, orderWatcher, exportRunner, sandbox, runtime },
      stop: life.stop,
    };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
