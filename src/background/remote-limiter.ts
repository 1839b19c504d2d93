import {
  type Job,
  LimiterBusy,
  type LimiterState,
  type OperationLimiter,
  type Priority,
  type QueueDepth,
  type QueuedInfo,
  type ScheduleOptions,
} from '../gateway/limiter.js';
import type { OperationName } from '../gateway/operation.js';

/**
 * The per-token limiter is one budget per process: the background thread's gateway calls take
 * their turn at the main thread's limiter (with REDIS_URL, the budget every replica shares),
 * over the thread's message port. These are the messages of that exchange.
 */
export type LimiterAsk =
  | {
      type: 'limiter.schedule';
      id: number;
      op: OperationName;
      token: string;
      priority: Priority;
      wantsQueued: boolean;
    }
  /** The request's answer began to arrive (or it ended without one): its window starts. */
  | { type: 'limiter.sent'; id: number }
  /** The job ended: the limiter's place is free. */
  | { type: 'limiter.done'; id: number }
  | { type: 'limiter.forget'; token: string };

export type LimiterReply =
  | { type: 'limiter.go'; id: number }
  | { type: 'limiter.queued'; id: number; info: QueuedInfo }
  | {
      type: 'limiter.refused';
      id: number;
      busy?: { queued: number; waitMs: number };
      message: string;
    };

const IDLE_DEPTH: QueueDepth = { queued: 0, running: 0, interactive: 0, background: 0 };

/** The background thread's side: each job runs here once the main thread's limiter admits it. */
export function remoteLimiter(post: (ask: LimiterAsk) => void): OperationLimiter & {
  /** A reply from the main thread. */
  reply(message: LimiterReply): void;
} {
  interface Waiting {
    go(): void;
    refuse(err: Error): void;
    queued?(info: QueuedInfo): void;
  }
  const waiting = new Map<number, Waiting>();
  let seq = 0;
  let closed = false;
  return {
    schedule<T>(o: ScheduleOptions, job: Job<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('limiter closed'));
      const id = ++seq;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, {
          go() {
            let left = false;
            const sent = () => {
              if (left) return;
              left = true;
              post({ type: 'limiter.sent', id });
            };
            Promise.resolve()
              .then(() => job(sent))
              .finally(() => post({ type: 'limiter.done', id }))
              .then(resolve, reject);
          },
          refuse: reject,
          ...(o.onQueued ? { queued: o.onQueued } : {}),
        });
        post({
          type: 'limiter.schedule',
          id,
          op: o.op,
          token: o.token,
          priority: o.priority ?? 'interactive',
          wantsQueued: !!o.onQueued,
        });
      });
    },
    reply(message) {
      const w = waiting.get(message.id);
      if (!w) return;
      if (message.type === 'limiter.queued') return w.queued?.(message.info);
      waiting.delete(message.id);
      if (message.type === 'limiter.go') return w.go();
      const { busy } = message;
      w.refuse(busy ? new LimiterBusy(busy.queued, busy.waitMs) : new Error(message.message));
    },
    // The queues are the main thread's: its /metrics and /querydesk status show them.
    depth: () => IDLE_DEPTH,
    state: (): LimiterState => ({
      shared: false,
      degraded: false,
      replicas: 1,
      perReplicaLimit: 0,
    }),
    forget: (token) => post({ type: 'limiter.forget', token }),
    size: () => 0,
    async close() {
      closed = true;
      for (const w of waiting.values()) w.refuse(new Error('limiter closed'));
      waiting.clear();
    },
  };
}

/**
 * The main thread's side: schedules each job the background thread asks for on `limiter`, and
 * holds its place until the thread says it ended. `threadGone` frees every place it still held.
 */
export function serveLimiter(
  limiter: OperationLimiter,
  reply: (message: LimiterReply) => void,
): { ask(message: LimiterAsk): void; threadGone(): void } {
  const running = new Map<number, { sent(): void; done(): void }>();
  return {
    ask(message) {
      switch (message.type) {
        case 'limiter.sent':
          return running.get(message.id)?.sent();
        case 'limiter.done': {
          const job = running.get(message.id);
          running.delete(message.id);
          return job?.done();
        }
        case 'limiter.forget':
          return limiter.forget(message.token);
        case 'limiter.schedule': {
          const { id } = message;
          const options: ScheduleOptions = {
            op: message.op,
            token: message.token,
            priority: message.priority,
            ...(message.wantsQueued
              ? { onQueued: (info: QueuedInfo) => reply({ type: 'limiter.queued', id, info }) }
              : {}),
          };
          limiter
            .schedule(
              options,
              (sent) =>
                new Promise<void>((done) => {
                  running.set(id, { sent, done });
                  reply({ type: 'limiter.go', id });
                }),
            )
            .catch((err: Error) => {
              if (running.has(id)) return;
              const busy =
                err instanceof LimiterBusy ? { queued: err.queued, waitMs: err.waitMs } : undefined;
              reply({
                type: 'limiter.refused',
                id,
                ...(busy ? { busy } : {}),
                message: err.message,
              });
            });
          return;
        }
      }
    },
    threadGone() {
      for (const job of running.values()) job.done();
      running.clear();
    },
  };
}
