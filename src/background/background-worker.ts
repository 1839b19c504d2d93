import {
  type MessagePort,
  parentPort,
  type TransferListItem,
  workerData,
} from 'node:worker_threads';
import type { WebClient } from '@slack/web-api';
import { createLogger, secretsOf } from '../logger.js';
import { createMetrics } from '../metrics.js';
import { qrPainter } from '../qr/index.js';
import type { AppDeps } from '../slack/deps.js';
import { openCore } from '../wiring/core.js';
import { createLifecycle } from '../wiring/lifecycle.js';
import { createWorkers, type Workers } from '../wiring/workers.js';
import { startBackgroundWork } from './background-work.js';
import type { BackgroundData, FromBackground, ToBackground } from './messages.js';
import { drawForMain } from './qr-draws.js';
import { remoteLimiter } from './remote-limiter.js';

/**
 * The background thread (thread.ts starts it): the process's background work, apart from the
 * event loop that answers Slack. It opens the store, the ledger and the audit as the main thread
 * does (each journal a run of its own), and its gateway calls take their turn at the main
 * thread's limiter. Its log lines go to standard output directly, marked `thread: "background"`.
 */
function runBackground(port: MessagePort, { config, sandboxUrl }: BackgroundData): void {
  const post = (m: FromBackground, transfer: TransferListItem[] = []) =>
    port.postMessage(m, transfer);
  const logger = createLogger(config.logLevel, undefined, secretsOf(config)).child({
    thread: 'background',
  });
  // No default metrics here: the process's are the main thread's, which merges these in.
  const metrics = createMetrics();
  const life = createLifecycle(logger);
  const limiter = remoteLimiter(post);
  const draw = qrPainter();
  let workers: Workers | undefined;
  let forget: AppDeps['forgetInMemory'];

  port.on('message', (m: ToBackground) => {
    switch (m.type) {
      case 'kick': {
        const { watcher, orderWatcher, exportRunner } = workers ?? {};
        return { qr: watcher, watch: orderWatcher, export: exportRunner }[m.loop]?.kick();
      }
      case 'forget':
        return forget?.(m.teamId, m.gatewayToken);
      case 'drawQr':
        return void drawForMain(m, draw, post, () =>
          metrics.qrImagesDrawn.inc({ thread: 'background' }),
        );
      case 'metrics':
        return void metrics.registry
          .getMetricsAsJSON()
          .then((json) => post({ type: 'metrics', id: m.id, metrics: json }));
      case 'stop':
        return void life.stop().then(async () => {
          await limiter.close();
          post({ type: 'stopped' });
        });
      default:
        return limiter.reply(m);
    }
  });

  const start = async () => {
    const core = await openCore(
      config,
      {
        ...{ logger, metrics, clock: () => new Date(), limiter, thread: 'background' as const },
        ...(sandboxUrl ? { sandbox: { url: sandboxUrl } } : {}),
        // One pool on PostgreSQL, DATABASE_BACKGROUND_POOL_SIZE: everything here is background
        // work, its charges and audit rows too; the main thread's is people's alone.
        poolSizes: { requests: config.databasePool.background, background: 0 },
      },
      life,
    );
    // Many-workspace mode: every Slack call of this thread uses its workspace's own client.
    const noApp = (): WebClient => {
      throw new Error('the background thread has no one-workspace Slack client');
    };
    const deps = core.handlerDeps(noApp);
    forget = deps.forgetInMemory;
    workers = createWorkers(deps, core.clientFor(noApp), core.tenants.background);
    await startBackgroundWork({ core, deps, workers, appClient: noApp }, life);
  };
  start().then(
    () => post({ type: 'ready' }),
    async (err: unknown) => {
      logger.error({ err }, 'background thread did not start');
      await life.stop();
      post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
    },
  );
}

if (!parentPort) throw new Error('background-worker.ts runs as a worker thread (thread.ts)');
runBackground(parentPort, workerData as BackgroundData);
