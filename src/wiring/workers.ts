import { hostname } from 'node:os';
import type { WebClient } from '@slack/web-api';
import { createExportRunner, type ExportRunner } from '../exports/index.js';
import type { Metrics } from '../metrics.js';
import { createQrWatcher, type QrWatcher, qrPainter } from '../qr/index.js';
import { startApprovalExpiry } from '../slack/approvals/expiry.js';
import type { AppDeps } from '../slack/deps.js';
import { exportDeps } from '../slack/exports/export-deps.js';
import { qrWatchDeps } from '../slack/qr/index.js';
import { subscriptionDeps } from '../slack/subscriptions/subscription-messages.js';
import { orderWatchDeps } from '../slack/watches/watch-deps.js';
import { createSubscriptionPoller, type SubscriptionPoller } from '../subscriptions/index.js';
import { createOrderWatcher, type OrderWatcher } from '../watches/index.js';
import type { Lifecycle } from './lifecycle.js';

export interface Workers {
  watcher: QrWatcher;
  orderWatcher: OrderWatcher;
  exportRunner: ExportRunner;
  subscriptionPoller: SubscriptionPoller;
  approvalExpiry: ReturnType<typeof startApprovalExpiry>;
}

/**
 * The store-leased background workers of this process (QR watches, order watches, exports,
 * channel subscriptions) and the upkeep of approval requests, under one worker id. Built before the listeners (which hand them work), started once the app answers.
 */
export function createWorkers(
  people: AppDeps,
  client: (teamId: string) => WebClient | Promise<WebClient>,
  background: Pick<AppDeps, 'store' | 'settings'>,
): Workers {
  // Their rows and their workspaces' settings are read and written through the background pool:
  // a due check or the making of a QR code never holds a connection a person's answer waits for.
  const deps = { ...people, ...background };
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const late = (kind: string) => (s: number) =>
    deps.metrics.backgroundCheckLateness.observe({ kind }, s);
  const exportRunner = createExportRunner({ deps: exportDeps(deps, client), workerId });
  return {
    watcher: createQrWatcher({ deps: qrWatchDeps(deps, client), workerId, lateness: late('qr') }),
    orderWatcher: createOrderWatcher({
      deps: orderWatchDeps(deps, client),
      workerId,
      lateness: late('watch'),
    }),
    exportRunner,
    subscriptionPoller: createSubscriptionPoller({
      deps: subscriptionDeps(deps, client),
      workerId,
      lateness: late('subscription'),
    }),
    approvalExpiry: startApprovalExpiry({ ...deps, exportRunner }, client),
  };
}

/** What the listeners hand work to when the background thread owns the loops (src/background/). */
export type WorkerControls = Pick<Workers, 'watcher'> & {
  orderWatcher: Pick<OrderWatcher, 'kick'>;
  exportRunner: { kick(): void };
};

/**
 * The main thread's side when the loops run in the background thread: a QR watcher for clicks
 * only ("I've scanned it" is checked at once, under this thread's own lease and heartbeat; the
 * caller starts and stops it), and each loop's kick passed to the thread.
 */
export function threadControls(
  people: AppDeps,
  client: (teamId: string) => WebClient | Promise<WebClient>,
  kick: (loop: 'qr' | 'watch' | 'export') => void,
): WorkerControls {
  const workerId = `${hostname()}:${process.pid}:main:${Math.random().toString(36).slice(2, 8)}`;
  const clicks = createQrWatcher({ deps: qrWatchDeps(people, client), workerId, looks: false });
  return {
    watcher: { ...clicks, kick: () => kick('qr') },
    orderWatcher: { kick: () => kick('watch') },
    exportRunner: { kick: () => kick('export') },
  };
}

/** A /qr's PNG drawn on this thread, counted in `querydesk_qr_images_drawn_total{thread="main"}`. */
export function drawQrHere(metrics: Metrics): (url: string) => Promise<Buffer> {
  const draw = qrPainter();
  return async (url) => {
    const png = await draw(url);
    metrics.qrImagesDrawn.inc({ thread: 'main' });
    return png;
  };
}

/** Each resumes from the store (QR sessions and order watches at their next check, exports at the page after the last one stored); stopped in reverse. */
export function startWorkers(workers: Workers, life: Lifecycle): void {
  life.own(workers.watcher, (w) => w.stop()).start();
  life.own(workers.orderWatcher, (w) => w.stop()).start();
  life.own(workers.exportRunner, (r) => r.stop()).start();
  life.own(workers.subscriptionPoller, (p) => p.stop()).start();
  life.own(workers.approvalExpiry, (e) => e.stop()).start();
}
