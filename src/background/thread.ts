import type { Worker } from 'node:worker_threads';
import type { OperationLimiter } from '../gateway/limiter.js';
import { qrPainter } from '../qr/index.js';
import { newWorker } from '../threads/new-worker.js';
import { ownWorker } from '../threads/owned-worker.js';
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

export async function startBackgroundThread(
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
  const asked = new Map<number, (m: MetricsJson) => void>();
  let seq = 0;
  // The thread's messages come on later turns of the loop, once limiter and draws below are set.
  const { up, thread } = ownWorker<FromBackground, ToBackground, 'ready', 'stopped'>(
    spawn(data),
    {
      name: 'the background thread',
      up: 'ready',
      failedWhy: (m) => m.message,
      closed: 'stopped',
      close: { type: 'stop' },
    },
    {
      on: (m) => {
        switch (m.type) {
          case 'metrics':
            asked.get(m.id)?.(m.metrics);
            return asked.delete(m.id);
          case 'qrDrawn':
          case 'qrNotDrawn':
            return draws.answer(m);
          default:
            return limiter.ask(m);
        }
      },
      lost: p.lost,
      ended: () => {
        limiter.threadGone();
        draws.threadGone();
        for (const answer of asked.values()) answer([]);
        asked.clear();
      },
    },
  );
  const send = thread.send;
  const limiter = serveLimiter(p.limiter, send);
  const draws = qrDrawsOnThread(send, p.drawHere ?? qrPainter());
  await up;
  return {
    kick: (loop) => send({ type: 'kick', loop }),
    forget: (teamId, gatewayToken) =>
      send({ type: 'forget', teamId, ...(gatewayToken ? { gatewayToken } : {}) }),
    drawQr: (url) => draws.draw(url),
    metrics: () =>
      thread.ended()
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
    stop: () => thread.close(),
  };
}
