import Bottleneck from 'bottleneck';
import { Redis } from 'ioredis';
import type { OperationName } from './operation.js';

/** The gateway allows 10 requests per second per operation. */
export const GATEWAY_RATE_PER_SECOND = 10;
/**
 * Starts of one operation are spaced at least this far apart: 10/s would be 100 ms; the extra
 * 10 % absorbs network jitter so the gateway never sees 11 arrivals inside one second.
 */
export const MIN_SPACING_MS = Math.ceil((1000 / GATEWAY_RATE_PER_SECOND) * 1.1);

export interface QueueDepth {
  queued: number;
  running: number;
}

export interface OperationLimiter {
  /** Runs `fn` when the operation's spacing allows; refuses with 'busy' past the queue bound. */
  schedule<T>(op: OperationName, fn: () => Promise<T>): Promise<T>;
  depth(op: OperationName): QueueDepth;
  close(): Promise<void>;
}

export class LimiterBusy extends Error {
  constructor(readonly queued: number) {
    super(`queue full (${queued})`);
  }
}

export interface LimiterOptions {
  maxQueued?: number;
  /** When set, every replica shares one schedule per operation through Redis. */
  redisUrl?: string;
  /** Key prefix in Redis, so test runs do not share state. */
  redisPrefix?: string;
  spacingMs?: number;
}

/**
 * One Bottleneck limiter per operation. Guarantee: starts of one operation are at least
 * `spacingMs` apart (a sliding-window bound, unlike a reservoir refilled each second), across all
 * replicas when Redis is used; other operations are never blocked by it.
 */
export function createLimiter(options: LimiterOptions = {}): OperationLimiter {
  const maxQueued = options.maxQueued ?? 100;
  const spacingMs = options.spacingMs ?? MIN_SPACING_MS;
  const connection = options.redisUrl
    ? new Bottleneck.IORedisConnection({
        client: new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }),
      })
    : undefined;
  const limiters = new Map<OperationName, Bottleneck>();

  const limiterFor = (op: OperationName): Bottleneck => {
    let limiter = limiters.get(op);
    if (!limiter) {
      limiter = new Bottleneck({
        minTime: spacingMs,
        maxConcurrent: null,
        ...(connection
          ? {
              id: `${options.redisPrefix ?? 'querydesk'}:gateway:${op}`,
              datastore: 'ioredis',
              connection,
              clearDatastore: false,
              timeout: 60_000,
            }
          : {}),
      });
      limiters.set(op, limiter);
    }
    return limiter;
  };

  const depth = (op: OperationName): QueueDepth => {
    const limiter = limiters.get(op);
    if (!limiter) return { queued: 0, running: 0 };
    const c = limiter.counts();
    // Bottleneck counts a job waiting for its minTime slot as RUNNING; only EXECUTING has started.
    return {
      queued: (c.RECEIVED ?? 0) + (c.QUEUED ?? 0) + (c.RUNNING ?? 0),
      running: c.EXECUTING ?? 0,
    };
  };

  return {
    schedule(op, fn) {
      const { queued } = depth(op);
      if (queued >= maxQueued) return Promise.reject(new LimiterBusy(queued));
      return limiterFor(op).schedule(fn);
    },
    depth,
    async close() {
      await Promise.all([...limiters.values()].map((l) => l.disconnect(false)));
      limiters.clear();
      if (connection) await connection.disconnect(false);
    },
  };
}
