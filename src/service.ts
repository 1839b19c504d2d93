import type { AddressInfo } from 'node:net';
import type { CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createGatewayClient, type GatewayClient } from './gateway/client.js';
import { createLimiter } from './gateway/limiter.js';
import { healthRoutes } from './http/routes.js';
import { createLedger, type Ledger } from './ledger/index.js';
import { createMetrics, type Metrics } from './metrics.js';
import { type Sandbox, startSandbox } from './sandbox/index.js';
import { createSlackApp, type SlackRuntime, serverOf } from './slack/app.js';
import type { AppDeps, CachedResult } from './slack/deps.js';
import { registerListeners } from './slack/listeners.js';
import { ResultCache } from './slack/result-cache.js';
import { openStore, type Store } from './store/index.js';

export interface Querydesk {
  port: number;
  deps: AppDeps;
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
  sandbox?: { qrScanAfterMs?: number };
  /** More routes on the same port (the local console and its Slack double). */
  extraRoutes?: CustomRoute[];
}

/** The composition root: config → store → gateway → Slack app → jobs. Returns a handle to stop it. */
export async function startQuerydesk(config: Config, options: StartOptions): Promise<Querydesk> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const metrics = options.metrics ?? createMetrics({ defaults: true });
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const fn of cleanups.reverse()) {
      await fn().catch((err) => logger.error({ err }, 'shutdown step failed'));
    }
  };
  try {
    const store: Store = await openStore(config.databaseUrl, { logger });
    cleanups.push(() => store.close());
    const ledger: Ledger = createLedger({ store, clock, logger });

    let sandbox: Sandbox | undefined;
    let baseUrl = config.gateway.baseUrl;
    if (!baseUrl) {
      sandbox = await startSandbox({ port: 0, host: '127.0.0.1', qrScanAfterMs: options.sandbox?.qrScanAfterMs });
      cleanups.push(() => sandbox!.close());
      baseUrl = sandbox.url;
      logger.info({ url: sandbox.url }, 'embedded sandbox gateway started');
    }

    const gateway: GatewayClient = createGatewayClient({
      baseUrl,
      logger,
      timeZone: config.gateway.timeZone,
      sandbox: !!sandbox,
      limiter: createLimiter({ redisUrl: config.redisUrl }),
      onOutcome: (e) => {
        metrics.gatewayCalls.inc({ operation: e.operation, code: e.code });
        metrics.gatewayLatency.observe({ operation: e.operation }, e.durationMs / 1000);
      },
    });
    cleanups.push(() => gateway.close());
    gateway.onCharge(async (e) => {
      // Written as soon as the answer is parsed, before any Slack answer is sent.
      const { recorded } = await ledger.record({
        workspaceId: e.workspaceId,
        userId: e.userId,
        channelId: e.channelId,
        operation: e.operation,
        points: e.points,
        kind: e.kind,
        gatewayCode: e.gatewayCode,
        requestId: e.requestId,
        qrSessionId: e.qrSessionId,
      });
      if (recorded && e.points > 0) {
        (e.kind === 'refund' ? metrics.pointsRefunded : metrics.pointsCharged).inc({ operation: e.operation }, e.points);
      }
    });

    const deps: AppDeps = {
      config,
      logger,
      gateway,
      store,
      ledger,
      metrics,
      clock,
      results: new ResultCache<CachedResult>(30 * 60_000),
      gatewayToken: async () => config.gateway.token ?? 'sandbox-token',
      dailyBudget: async () => config.dailyBudgetPoints,
    };

    const runtime = createSlackApp({
      config,
      logger,
      local: options.local,
      routes: [
        ...healthRoutes({ metrics, ready: () => store.ping() }),
        ...(options.extraRoutes ?? []),
      ],
    });
    registerListeners(runtime.app, deps);
    await runtime.start();
    cleanups.push(() => runtime.stop());
    const address = serverOf(runtime)?.address() as AddressInfo | undefined;
    const port = address?.port ?? config.port;
    logger.info({ port, mode: config.mode, sandbox: !!sandbox }, 'querydesk started');
    return { port, deps, sandbox, runtime, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
