import type { CustomRoute } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { startBackgroundWork } from './background/background-work.js';
import { type BackgroundThread, startBackgroundThread } from './background/thread.js';
import type { Config } from './config.js';
import { createMetrics, type Metrics } from './metrics.js';
import type { QrWatcher } from './qr/index.js';
import { tuneRuntime } from './runtime-tuning.js';
import type { Sandbox, SandboxOptions } from './sandbox/index.js';
import { createSlackApp, type SlackRuntime } from './slack/app.js';
import { ackPlanTable } from './slack/commands/index.js';
import type { SlackDeps } from './slack/context.js';
import type { AppDeps } from './slack/deps.js';
import { HTTP_LIMITS, type HttpLimits } from './slack/http-edge/http-limits.js';
import { registerListeners } from './slack/listeners.js';
import type { OpenStoreOptions, Store } from './store/index.js';
import { type Core, openCore } from './wiring/core.js';
import { embeddedSandbox } from './wiring/gateway.js';
import { guardListeners } from './wiring/guards.js';
import { appRoutes, separateMetrics } from './wiring/http.js';
import { createLifecycle, type Lifecycle } from './wiring/lifecycle.js';
import { type OAuthWiring, rememberEnterprises } from './wiring/oauth.js';
import {
  createWorkers,
  drawQrHere,
  threadControls,
  type WorkerControls,
} from './wiring/workers.js';
import type { WorkTracker } from './work-tracker.js';

export interface Querydesk {
  port: number;
  /** The port serving /metrics: `port` unless METRICS_PORT names another. */
  metricsPort: number;
  deps: AppDeps;
  /** The QR watcher the listeners use (clicks only when the background thread owns the loop). */
  watcher: QrWatcher;
  sandbox?: Sandbox;
  runtime: SlackRuntime;
  stop(): Promise<void>;
}

export interface StartOptions {
  logger: Logger;
  clock?: () => Date;
  metrics?: Metrics;
  /**
   * Console mode: the local Slack double's credentials, and its bot's ids (so Bolt does not ask
   * the double, on this process's own port, who the bot is before that port listens).
   */
  local?: { botToken: string; signingSecret: string; botId: string; botUserId: string };
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
  /**
   * Run the background work in the background thread (src/background/) in many-workspace mode:
   * production's entry point sets it. `lost` is called if the thread ends on its own.
   */
  backgroundThread?: { lost: (why: string) => void };
  /**
   * Called if the ack thread (HTTP modes: slack/http-edge/ack-thread.ts) ends on its own, the
   * public port with it: production's entry point stops the process. Otherwise it is logged.
   */
  ackThreadLost?: (why: string) => void;
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
    ackThreadLost: options.ackThreadLost,
  });
}

/**
 * Where the background work runs: in many-workspace mode with `backgroundThread` set, in the
 * background thread (src/background/), the listeners' kicks and /qr PNGs passed to it and its
 * metrics merged into /metrics; else in this thread. Returns what the listeners hand work to, and
 * the start.
 */
function backgroundOf(
  core: Core,
  deps: AppDeps,
  p: { thread: StartOptions['backgroundThread']; sandbox?: Sandbox; appClient: () => WebClient },
): {
  controls: WorkerControls & Pick<SlackDeps, 'forgetInMemory' | 'drawQr'>;
  start(life: Lifecycle): Promise<void>;
} {
  const client = core.clientFor(p.appClient);
  const { thread } = p;
  const drawHere = drawQrHere(core.metrics);
  if (!thread) {
    const workers = createWorkers(deps, client, core.tenants.background);
    return {
      controls: { ...workers, forgetInMemory: deps.forgetInMemory, drawQr: drawHere },
      start: (life) => startBackgroundWork({ core, deps, workers, appClient: p.appClient }, life),
    };
  }
  let started: BackgroundThread | undefined;
  const controls = threadControls(deps, client, (loop) => started?.kick(loop));
  const forgetHere = deps.forgetInMemory;
  return {
    controls: {
      ...controls,
      // Drawn in the thread once it runs (here before, and if it cannot: qr-draws.ts).
      drawQr: (url) => started?.drawQr(url) ?? drawHere(url),
      // What this thread forgets of a workspace, the background thread forgets too.
      forgetInMemory(teamId, gatewayToken) {
        forgetHere?.(teamId, gatewayToken);
        started?.forget(teamId, gatewayToken);
      },
    },
    async start(life) {
      life.own(controls.watcher, (w) => w.stop()).start();
      const data = { config: core.config, sandboxUrl: p.sandbox?.url };
      started = life.own(
        await startBackgroundThread(data, { limiter: core.limiter, lost: thread.lost, drawHere }),
        (t) => t.stop(),
      );
      core.metrics.threads.push(() => started?.metrics() ?? Promise.resolve([]));
    },
  };
}

/** The composition root: config → store → gateway → Slack app → background work. Stopped in reverse. */
export async function startQuerydesk(config: Config, options: StartOptions): Promise<Querydesk> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const metrics = options.metrics ?? createMetrics({ defaults: true });
  const life = createLifecycle(logger);
  try {
    const sandbox = await embeddedSandbox(config, options.sandbox, life, logger);
    const { storeLog } = options;
    // With the background thread, this thread's pool is people's alone (PostgreSQL).
    const thread = config.mode === 'oauth' ? options.backgroundThread : undefined;
    const poolSizes = thread ? { ...config.databasePool, background: 0 } : undefined;
    const coreOptions = { logger, clock, metrics, sandbox, storeLog, poolSizes };
    const core = await openCore(config, { ...coreOptions, thread: 'main' }, life);
    const { store, work } = core;
    const oauth = core.tenants.oauth;
    const runtime = slackRuntime(config, options, { metrics, store, work, oauth });
    const appClient = () => runtime.app.client;
    const deps = core.handlerDeps(appClient);
    const background = backgroundOf(core, deps, { thread, sandbox, appClient });
    // Before every listener: unsafe input refused, a Slack retry or a double click acked only.
    guardListeners(runtime.app, { store, clock, logger, locales: deps.locales });
    if (oauth) rememberEnterprises(runtime.app, oauth, logger);
    registerListeners(runtime.app, { ...deps, ...background.controls });
    if (options.tuneRuntime) life.own(tuneRuntime(logger, work), async (tuning) => tuning.stop());
    await runtime.start();
    // On stop: no new requests first, then the answers already acked are finished.
    life.onStop(() => work.drain());
    life.own(runtime, (r) => r.stop());
    await background.start(life);
    const port = runtime.port() ?? config.port;
    const limits = options.httpLimits ?? HTTP_LIMITS;
    const metricsPort = (await separateMetrics(config, { metrics, limits }, life)) ?? port;
    logger.info(
      { port, metricsPort, mode: config.mode, sandbox: !!sandbox, backgroundThread: !!thread },
      'querydesk started',
    );
    return {
      port,
      metricsPort,
      deps,
      watcher: background.controls.watcher,
      sandbox,
      runtime,
      stop: life.stop,
    };
  } catch (err) {
    await life.stop();
    throw err;
  }
}
