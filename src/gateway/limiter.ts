import type { Logger } from 'pino';
import { type Admit, createAdmission } from './admission.js';
import { type KeyQueue, newKeyQueue, pumpQueue, type Waiter } from './key-queue.js';
import { limitKey, tokenId } from './limit-key.js';
import type { OperationName } from './operation.js';

/** The gateway allows 10 requests per second per operation (per access token). */
export const GATEWAY_RATE_PER_SECOND = 10;
/**
 * The window we count in: the gateway's own second. A send counts until one window after its
 * answer began to arrive, and the gateway counted it before answering, so no margin for the
 * network's or the gateway's delays is needed: the next send that needs its place reaches the
 * gateway at least a second after the gateway counted it.
 */
export const WINDOW_MS = 1000;
/** A command is refused only when its wait in the queue would be longer than this. */
export const MAX_WAIT_MS = 5 * 60_000;
export type Priority = 'interactive' | 'background';

export interface QueueDepth {
  /** Waiting for their turn (both priorities). */
  queued: number;
  running: number;
  interactive: number;
  background: number;
}

export interface QueuedInfo {
  /** Requests of the same operation and token that go before this one. */
  ahead: number;
  /** Estimated wait before this one is sent, from this replica's queue. */
  etaMs: number;
}

export interface ScheduleOptions {
  op: OperationName;
  /** The gateway token the request is sent with; only its hash is kept. */
  token: string;
  priority?: Priority;
  /** Told once, when the request has to wait behind others. */
  onQueued?: (info: QueuedInfo) => void;
}

/**
 * The job; it calls `sent()` when the gateway's answer to its request begins to arrive (later
 * calls are ignored): by then the gateway has counted it, however late it arrived or was counted.
 */
export type Job<T> = (sent: () => void) => Promise<T>;

export interface LimiterState {
  /** Redis configured: the budget is shared by every replica. */
  shared: boolean;
  /** Redis configured but unreachable: this replica keeps to `perReplicaLimit`. */
  degraded: boolean;
  replicas: number;
  perReplicaLimit: number;
}

export interface OperationLimiter {
  schedule<T>(options: ScheduleOptions, job: Job<T>): Promise<T>;
  depth(op: OperationName): QueueDepth;
  state(): LimiterState;
  /**
   * Drops the queues of a token no longer used (its workspace uninstalled) once they are idle and
   * their window is empty, so nothing is lost by making them again; retried a few windows later
   * while calls are still in flight.
   */
  forget(token: string): void;
  /** Queues kept in memory, one per (token, operation) used. */
  size(): number;
  close(): Promise<void>;
}

/** How many windows `forget` waits at most for a token's queues to fall idle. */
const FORGET_ATTEMPTS = 5;

export class LimiterBusy extends Error {
  constructor(
    readonly queued: number,
    readonly waitMs: number,
  ) {
    super(`queue would wait ${Math.round(waitMs / 1000)} s (${queued} queued)`);
  }
}

export interface LimiterOptions {
  /** Requests per window (default 10). */
  limit?: number;
  windowMs?: number;
  maxWaitMs?: number;
  /** When set, every replica shares one budget per (token, operation) through Redis. */
  redisUrl?: string;
  /** Key prefix in Redis, so test runs do not share state. */
  redisPrefix?: string;
  /** How many replicas share the token: each keeps to limit/replicas while Redis is away. */
  replicas?: number;
  /** How long an admitted send may take to leave before it stops counting anyway (Redis). */
  leaseMs?: number;
  logger?: Logger;
  now?: () => number;
}

/**
 * Guarantee: for one (token, operation), no window of `windowMs` holds more than `limit` sends,
 * a send counting from its admission until one window after its answer began to arrive; across
 * replicas when Redis is used, and `limit / replicas` per replica while Redis is unreachable.
 * Requests wait in a queue (interactive first, background never starved) rather than being
 * refused, unless the wait would exceed `maxWaitMs`.
 */
export function createLimiter(options: LimiterOptions = {}): OperationLimiter {
  const limit = options.limit ?? GATEWAY_RATE_PER_SECOND;
  const windowMs = options.windowMs ?? WINDOW_MS;
  const maxWaitMs = options.maxWaitMs ?? MAX_WAIT_MS;
  const now = options.now ?? (() => performance.now());
  const admission: Admit = createAdmission({ ...options, limit, windowMs, now });
  const queues = new Map<string, KeyQueue>();
  let closed = false;

  const queueFor = (key: string, op: OperationName): KeyQueue => {
    let q = queues.get(key);
    if (!q) {
      q = newKeyQueue(key, op, windowMs);
      queues.set(key, q);
    }
    return q;
  };
  const pump = (q: KeyQueue) => pumpQueue(q, { admission, now, closed: () => closed });

  const currentLimit = () => admission.currentLimit();

  return {
    schedule<T>(o: ScheduleOptions, job: Job<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('limiter closed'));
      const q = queueFor(limitKey(o.token, o.op), o.op);
      const background = o.priority === 'background';
      const ahead = background ? q.interactive.length + q.background.length : q.interactive.length;
      const etaMs = Math.ceil((ahead * windowMs) / currentLimit());
      if (etaMs > maxWaitMs) {
        return Promise.reject(new LimiterBusy(q.interactive.length + q.background.length, etaMs));
      }
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          background,
          fail: reject,
          start(ticket, member) {
            q.running++;
            let left = false;
            const sent = () => {
              if (left) return;
              left = true;
              admission.confirm(q.key, q.window, ticket, member);
              q.wake?.();
            };
            let result: Promise<T>;
            try {
              result = job(sent);
            } catch (err) {
              result = Promise.reject(err);
            }
            result
              .finally(() => {
                // No answer (a timeout, a broken connection): it counts from now, to be safe.
                sent();
                q.running--;
              })
              .then(resolve, reject);
          },
        };
        (background ? q.background : q.interactive).push(waiter);
        if (ahead > 0 || q.pumping) o.onQueued?.({ ahead, etaMs });
        void pump(q);
      });
    },
    depth(op) {
      const d: QueueDepth = { queued: 0, running: 0, interactive: 0, background: 0 };
      for (const q of queues.values()) {
        if (q.op !== op) continue;
        d.interactive += q.interactive.length;
        d.background += q.background.length;
        d.running += q.running;
      }
      d.queued = d.interactive + d.background;
      return d;
    },
    state: () => admission.state(),
    forget(token) {
      const prefix = `${tokenId(token)}:`;
      const prune = (attempt: number) => {
        for (const [key, q] of queues) {
          if (!key.startsWith(prefix)) continue;
          const waiting = q.interactive.length + q.background.length;
          if (!q.pumping && q.running === 0 && waiting === 0 && q.window.count(now()) === 0) {
            queues.delete(key);
          }
        }
        const left = [...queues.keys()].some((k) => k.startsWith(prefix));
        if (left && !closed && attempt < FORGET_ATTEMPTS) {
          setTimeout(() => prune(attempt + 1), windowMs).unref();
        }
      };
      prune(0);
    },
    size: () => queues.size,
    async close() {
      closed = true;
      for (const q of queues.values()) {
        q.wake?.();
        for (const w of [...q.interactive, ...q.background]) w.fail(new Error('limiter closed'));
        q.interactive = [];
        q.background = [];
      }
      await admission.close();
    },
  };
}
