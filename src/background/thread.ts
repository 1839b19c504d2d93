import type { Worker } from 'node:worker_threads';
import type { OperationLimiter } from '../gateway/limiter.js';
import { qrPainter } from '../qr/index.js';
import { newWorker } from '../threads/new-worker.js';
import type {
  BackgroundData,
  FromBackground,
  LoopName,
  MetricsJson,
  ToBackground,
} from './messages.js';
import { qrDrawsOnThread } from './qr-draws.js';
import { serveLimiter } from './remote-limiter.js';

/**
 * The background thread, seen from the main thread. In many-workspace mode (service.ts decides)
 * the background work of every workspace (QR checks, order watches, exports, subscription
 * polls, the approval upkeep, the daily summary, the store's upkeep, and their database round
 * trips) runs in a worker thread with an event loop of its own (background-worker.ts), so that
 * people's answers on the main thread never wait for a turn of a loop that background work
 * fills. It also draws the /qr PNGs people's work asks for (qr-draws.ts). Why, with the figures: docs/design/rate-limit-and-acks.md.
 */
export interface BackgroundThread {
  /** New work for a loop (a QR code, a watch, an export): it looks for due rows now. */
  kick(loop: LoopName): void;
  /** A workspace uninstalled or changed its gateway token (AppDeps.forgetInMemory). */
  forget(teamId: string, gatewayToken?: string): void;
  /**
   * A /qr's PNG, drawn in the thread; drawn here (`drawHere`) if the thread has ended, could
   * not draw it or has not answered within QR_DRAW_WAIT_MS.
   */
  drawQr(url: string): Promise<Buffer>;
  /** The thread's metrics, merged into /metrics; none once it has ended. */
  metrics(): Promise<MetricsJson>;
  /** Stops the work (the leases handed back, the journals' last replay) and ends the thread. */
  stop(): Promise<void>;
}

/**
 * The thread's heap is bounded; past it the thread ends, and the process with it (`lost`),
 * rather than grow without end.
 */
export const BACKGROUND_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256 };

/** How long /metrics waits for the thread's figures. */
export const METRICS_WAIT_MS = 2_000;

export function startBackgroundThread(
  data: BackgroundData,
  p: {
    limiter: OperationLimiter;
    lost: (why: string) => void;
    /** How the main thread draws a PNG the thread did not (default: a qrPainter of its own). */
    drawHere?: (url: string) => Promise<Buffer>;
  },
  spawn: (data: BackgroundData) => Worker = (workerData) =>
    newWorker(import.meta.url, 'background-worker', {
      workerData,
      resourceLimits: BACKGROUND_RESOURCE_LIMITS,
    }),
): Promise<BackgroundThread> {
  const worker = spawn(data);
  const send = (m: ToBackground) => worker.postMessage(m);
  const limiter = serveLimiter(p.limiter, send);
  const draws = qrDrawsOnThread(send, p.drawHere ?? qrPainter());
  const asked = new Map<number, (m: MetricsJson) => void>();
  let seq = 0;
  let exited = false;
  let stopping: Promise<void> | undefined;
  let onStopped: (() => void) | undefined;
  return new Promise<BackgroundThread>((resolve, reject) => {
    let started = false;
    const fail = (why: string) => {
      if (stopping) return;
      if (started) p.lost(why);
      else reject(new Error(`the background thread did not start: ${why}`));
    };
    const thread: BackgroundThread = {
      kick: (loop) => send({ type: 'kick', loop }),
      forget: (teamId, gatewayToken) =>
        send({ type: 'forget', teamId, ...(gatewayToken ? { gatewayToken } : {}) }),
      drawQr: (url) => draws.draw(url),
      metrics: () =>
        exited
          ? Promise.resolve([])
          : new Promise((answer) => {
              const id = ++seq;
              // A scrape never hangs on a thread too busy to answer: its figures are left out.
              const late = setTimeout(() => {
                asked.delete(id);
                answer([]);
              }, METRICS_WAIT_MS);
              asked.set(id, (m) => {
                clearTimeout(late);
                answer(m);
              });
              send({ type: 'metrics', id });
            }),
      stop() {
        stopping ??= exited
          ? Promise.resolve()
          : new Promise<void>((done) => {
              onStopped = done;
              send({ type: 'stop' });
            }).then(() => worker.terminate().then(() => undefined));
        return stopping;
      },
    };
    worker.on('message', (m: FromBackground) => {
      switch (m.type) {
        case 'ready':
          started = true;
          return resolve(thread);
        case 'failed':
          void worker.terminate();
          return fail(m.message);
        case 'metrics':
          asked.get(m.id)?.(m.metrics);
          return asked.delete(m.id);
        case 'qrDrawn':
        case 'qrNotDrawn':
          return draws.answer(m);
        case 'stopped':
          return onStopped?.();
        default:
          return limiter.ask(m);
      }
    });
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => {
      exited = true;
      limiter.threadGone();
      draws.threadGone();
      for (const answer of asked.values()) answer([]);
      asked.clear();
      onStopped?.();
      fail(`the thread exited (code ${code})`);
    });
  });
}
