import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createGatewayClient, type GatewayClient } from './gateway/client.js';
import { createLimiter } from './gateway/limiter.js';
import { healthRoutes } from './http/routes.js';
import { createDailySummaryJob } from './jobs/daily-summary.js';
import { createLedger, type Ledger } from './ledger/index.js';
import { createChargeJournal, journalDir } from './ledger/journal.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createQrWatcher, type QrWatcher } from './qr/index.js';
import { type Sandbox, startSandbox } from './sandbox/index.js';
import { createSlackApp, type SlackRuntime, serverOf } from './slack/app.js';
import type { AppDeps } from './slack/deps.js';
import { registerListeners } from './slack/listeners.js';
import { sharedResults } from './slack/shared-results.js';
import { maybeWarnBudget } from './slack/spend/index.js';
import { workspaceSettings } from './slack/workspace-settings.js';
import { openStore, type Store } from './store/index.js';
import { createSharedCache } from './store/shared-cache.js';
import { WorkTracker } from './work-tracker.js';

export interface Querydesk {
  port: number;
  deps: AppDeps;
  watcher: QrWatcher;
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
  let stopping: Promise<void> | undefined;
  // Once only, in reverse order of start; a second call waits for the first.
  const stopAll = () => {
    stopping ??= (async () => {
      for (const fn of [...cleanups].reverse()) {
        await fn().catch((err) => logger.error({ err }, 'shutdown step failed'));
      }
    })();
    return stopping;
  };
  try {
    const store: Store = await openStore(config.databaseUrl, { logger });
    cleanups.push(() => store.close());
    const ledger: Ledger = createLedger({ store, clock, logger });
    // Charges the store cannot take right now wait in a local file and are replayed.
    const journal = createChargeJournal({
      store,
      clock,
      logger,
      dir: journalDir(config.databaseUrl),
    });
    cleanups.push(() => journal.close());
    const cache = createSharedCache(store.db, () => clock().getTime());

    let sandbox: Sandbox | undefined;
    let baseUrl = config.gateway.baseUrl;
    if (!baseUrl) {
      sandbox = await startSandbox({
        port: 0,
        host: '127.0.0.1',
        qrScanAfterMs: options.sandbox?.qrScanAfterMs,
      });
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
    const settings = workspaceSettings(store, config);
    const work = new WorkTracker();
    let slack: SlackRuntime | undefined;
    gateway.onCharge(async (e) => {
      // Written as soon as the answer is parsed, before any Slack answer is sent.
      const { recorded } = await journal.record({
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
        (e.kind === 'refund' ? metrics.pointsRefunded : metrics.pointsCharged).inc(
          { operation: e.operation },
          e.points,
        );
      }
      // Off the answer's path: the person gets their card while the warning is checked and posted.
      if (recorded && e.kind === 'charge' && e.points > 0)
        void work.track(warnIfNeeded(e.workspaceId));
    });

    /** The 80 % warning, once a day, to the workspace's summary channel. Never throws. */
    async function warnIfNeeded(workspaceId: string): Promise<void> {
      try {
        const budget = await settings.dailyBudget(workspaceId);
        if (budget === undefined || !slack) return;
        const channel = await settings.summaryChannel(workspaceId);
        if (!channel) return;
        const client = slack.app.client;
        await maybeWarnBudget({
          ledger,
          workspaceId,
          budget,
          timeZone: config.spendSummary.timeZone,
          now: clock(),
          sandbox: !!sandbox,
          post: async (msg) => {
            await client.chat.postMessage({ channel, ...msg });
          },
        });
      } catch (err) {
        logger.warn({ err, workspaceId }, 'budget warning not posted');
      }
    }

    const deps: AppDeps = {
      config,
      logger,
      gateway,
      store,
      ledger,
      metrics,
      clock,
      results: sharedResults(cache),
      cache,
      work,
      gatewayToken: async () => config.gateway.token ?? 'sandbox-token',
      dailyBudget: settings.dailyBudget,
      summaryChannel: settings.summaryChannel,
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
    const watcher: QrWatcher = createQrWatcher({
      deps,
      clientFor: () => runtime.app.client,
      workerId: `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    });
    registerListeners(runtime.app, { ...deps, watcher });
    await runtime.start();
    slack = runtime;
    // On stop: no new requests first, then the answers already acked are finished.
    cleanups.push(() => work.drain());
    cleanups.push(() => runtime.stop());
    // Live QR sessions resume from the store, with their next check times.
    watcher.start();
    cleanups.push(() => watcher.stop());

    // One workspace: the bot token's own team is the workspace every ledger entry belongs to.
    const auth = await runtime.app.client.auth.test();
    const teamId = String(auth.team_id ?? '');
    const summary = createDailySummaryJob({
      ledger,
      clock,
      logger,
      cron: config.spendSummary.cron,
      timeZone: config.spendSummary.timeZone,
      sandbox: !!sandbox,
      slack: () => runtime.app.client,
      workspaces: async () => {
        const channelId = await settings.summaryChannel(teamId);
        return channelId
          ? [{ workspaceId: teamId, channelId, budget: await settings.dailyBudget(teamId) }]
          : [];
      },
    });
    void summary.start();
    cleanups.push(() => summary.stop());
    const address = serverOf(runtime)?.address() as AddressInfo | undefined;
    const port = address?.port ?? config.port;
    logger.info({ port, mode: config.mode, sandbox: !!sandbox }, 'querydesk started');
    return { port, deps, watcher, sandbox, runtime, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
