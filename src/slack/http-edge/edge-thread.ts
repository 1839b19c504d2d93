import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AckPlanTable } from './ack-plan.js';
import type { HttpLimits } from './http-limits.js';
import type { AckedRequest, EdgeLog } from './slack-receiver.js';

/**
 * The ack thread: in many-workspace mode (service.ts decides) the public port is served by a
 * worker thread with an event loop of its own (edge-worker.ts), and the receiver
 * (slack-receiver.ts) listens on a loopback port behind it.
 * Why: the main thread runs the background work of every workspace (QR checks, order watches,
 * subscription polls, their database round trips), and a command that arrived while that loop
 * was busy waited for its turn before it was even read. At 100 workspaces the bot's ack p99 was
 * 1.4 times plain Bolt's for the same stream (docs/development/benchmarks.md). In the thread a
 * lookup command or an Events API delivery is read, its signature checked and acked without
 * waiting for the main thread, which then runs it (SlackReceiver.deliverAcked). A request
 * whose signature does not hold is refused there (401); what needs its listener's answer
 * (interactivity, modal commands) and the other routes (OAuth, health, metrics) are passed to
 * the receiver.
 */
export interface EdgeThreadData {
  /** The public port (0: any free one) and host (undefined: every interface, as Bolt listens). */
  port: number;
  host?: string;
  /** Bolt's receiver on 127.0.0.1. */
  upstreamPort: number;
  signingSecret: string;
  /** The lookup commands, for the thread's planner (ack-plan.ts). */
  plan: AckPlanTable;
  limits: HttpLimits;
}

/** Messages from the edge thread. */
export type FromEdge =
  | { type: 'listening'; port: number }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'acked'; acked: AckedRequest }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; fields: Record<string, unknown>; msg: string }
  | { type: 'closed' };

/** Messages to the edge thread. */
export type ToEdge = { type: 'close' };

export interface EdgeThread {
  /** The public port it listens on. */
  port: number;
  /** Stops taking connections, lets those open finish, and ends the thread. */
  close(): Promise<void>;
}

/**
 * The worker beside this file: the bundle's `edge-worker.js` (scripts/bundle.mjs) or tsc's output.
 * From the sources (tests, `tsx src/main.ts`) the TypeScript file, with tsx registered inside the
 * thread first: `--import tsx` in a worker's execArgv is not applied on Node 20.
 */
/** tsx's ES module API (`tsx/esm/api` as `import` resolves it; require's is its CommonJS twin). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports['./esm/api'];
  return pathToFileURL(join(dirname(manifest), exports.import.default)).href;
}

/**
 * The thread's own heap is bounded: it holds about 12 MiB at rest; past these it ends (and the
 * process stops, see `lost`) instead of growing. Bodies it reads are bounded apart from the heap
 * (HttpLimits.bodyBudgetBytes).
 */
export const EDGE_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

export function newWorker(workerData: EdgeThreadData): Worker {
  const resourceLimits = EDGE_RESOURCE_LIMITS;
  const built = new URL('./edge-worker.js', import.meta.url);
  if (import.meta.url.endsWith('.js') && existsSync(built))
    return new Worker(built, { workerData, resourceLimits });
  const tsx = tsxEsmApi();
  const source = new URL('./edge-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

/**
 * Starts the edge thread and resolves once it listens. `deliver` gets each request it acked;
 * `lost` is called if the thread ends without being closed (the port is then gone).
 */
export function startEdgeThread(
  data: EdgeThreadData,
  p: { logger: EdgeLog; deliver: (acked: AckedRequest) => void; lost: (why: string) => void },
  /** Makes the thread (tests keep a handle on it to end it from outside). */
  spawn: (data: EdgeThreadData) => Worker = newWorker,
): Promise<EdgeThread> {
  const worker = spawn(data);
  let closing: Promise<void> | undefined;
  let onClosed: (() => void) | undefined;
  let exited = false;
  return new Promise<EdgeThread>((resolve, reject) => {
    let started = false;
    const fail = (why: string) => {
      if (closing) return;
      if (started) p.lost(why);
      else reject(new Error(`the edge thread did not start: ${why}`));
    };
    worker.on('message', (message: FromEdge) => {
      switch (message.type) {
        case 'acked':
          return p.deliver(message.acked);
        case 'log':
          return p.logger[message.level](message.fields, message.msg);
        case 'listening':
          started = true;
          return resolve({
            port: message.port,
            close: () => {
              closing ??= exited
                ? Promise.resolve()
                : new Promise<void>((done) => {
                    onClosed = done;
                    worker.postMessage({ type: 'close' } satisfies ToEdge);
                  }).then(() => worker.terminate().then(() => undefined));
              return closing;
            },
          });
        case 'failed':
          void worker.terminate();
          return fail(message.code ? `${message.code}: ${message.message}` : message.message);
        case 'closed':
          return onClosed?.();
      }
    });
    worker.on('error', (err) => fail(err.message));
    worker.on('exit', (code) => {
      exited = true;
      onClosed?.();
      fail(`the thread exited (code ${code})`);
    });
  });
}
