import { once } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LimiterState } from './limiter.js';
import type { SendWindow, Ticket } from './send-window.js';
import { SharedWindow } from './shared-window.js';

/** How long an admitted send may take to be answered before it stops counting regardless. */
const LEASE_MS = 15_000;
/**
 * After Redis answers again, this replica keeps its fallback share this much longer: the sends
 * other replicas made on their own while it was away have left the window by then, and their
 * connections (reconnecting at most 1 s apart) are back too.
 */
const RECOVERY_GRACE_EXTRA_MS = 2_000;

export type Admission =
  | { ok: true; ticket: Ticket; member?: string }
  | { ok: false; waitMs: number };

export interface Admit {
  admit(
    key: string,
    window: SendWindow,
    background: boolean,
    peopleWait: boolean,
  ): Promise<Admission>;
  confirm(key: string, window: SendWindow, ticket: Ticket, member?: string): void;
  /** An admitted send nobody will make; it counts as made now (a slot lost, never one too many). */
  release(window: SendWindow, ticket: Ticket, member?: string): void;
  /** The budget this replica is pacing to right now (for wait estimates). */
  currentLimit(): number;
  state(): LimiterState;
  close(): Promise<void>;
}

/**
 * Decides each send: this replica's own window always (its share while Redis is away or just
 * back, the whole budget otherwise), then the shared window in Redis when there is one.
 */
export function createAdmission(o: {
  limit: number;
  windowMs: number;
  now: () => number;
  redisUrl?: string;
  redisPrefix?: string;
  replicas?: number;
  leaseMs?: number;
  logger?: Logger;
}): Admit {
  const replicas = Math.max(1, o.replicas ?? 1);
  const fallbackLimit = Math.max(1, Math.floor(o.limit / replicas));
  const log = o.logger?.child({ component: 'gateway-limiter' });
  let redis: Redis | undefined;
  let shared: SharedWindow | undefined;
  // ioredis is loaded only when REDIS_URL is set; the first admission waits (2 s at most) for
  // the first connection, so a replica does not start out in its fallback share.
  const firstReady = o.redisUrl ? connect(o.redisUrl) : Promise.resolve();
  async function connect(url: string): Promise<void> {
    const { redisConnection } = await import('./redis-connection.js');
    redis = redisConnection(url);
    redis.on('error', () => {
      // Connection errors surface as failed commands below; ioredis would print them otherwise.
    });
    shared = new SharedWindow({
      redis,
      prefix: o.redisPrefix ?? 'querydesk',
      windowMs: o.windowMs,
      leaseMs: o.leaseMs ?? LEASE_MS,
    });
    await Promise.race([
      once(redis, 'ready').catch(() => undefined),
      new Promise((r) => setTimeout(r, 2_000).unref()),
    ]);
  }
  let degraded = false;
  let graceUntil = 0;
  let seq = 0;
  const memberPrefix = `${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  const goDegraded = (err?: unknown) => {
    if (degraded) return;
    degraded = true;
    log?.warn(
      { perReplicaLimit: fallbackLimit, replicas, err: err instanceof Error ? err.message : err },
      'Redis unreachable: this replica now keeps to its own share of the gateway rate',
    );
  };

  const localLimit = () =>
    !o.redisUrl || (!degraded && o.now() >= graceUntil) ? o.limit : fallbackLimit;
  const halfOf = (n: number) => Math.max(1, Math.floor(n / 2));

  return {
    async admit(key, window, background, peopleWait) {
      await firstReady;
      const cap = localLimit();
      const local = window.tryAdmit(o.now(), cap, background, peopleWait ? halfOf(cap) : cap);
      if (!local.ok || !shared || !redis) return local;
      if (redis.status !== 'ready') {
        if (degraded) return local;
        goDegraded(`connection ${redis.status}`);
        window.cancel(local.ticket);
        return { ok: false, waitMs: 1 };
      }
      const member = `${memberPrefix}:${++seq}`;
      try {
        const r = await shared.tryAdmit(
          key,
          member,
          o.limit,
          background,
          peopleWait ? halfOf(o.limit) : o.limit,
        );
        if (degraded) {
          degraded = false;
          graceUntil = o.now() + o.windowMs + RECOVERY_GRACE_EXTRA_MS;
          log?.info('Redis reachable again: the gateway rate is shared by all replicas again');
        }
        if (r.ok) return { ok: true, ticket: local.ticket, member };
        window.cancel(local.ticket);
        return r;
      } catch (err) {
        goDegraded(err);
        // Asked again at once, now against this replica's own share.
        window.cancel(local.ticket);
        return { ok: false, waitMs: 1 };
      }
    },
    confirm(key, window, ticket, member) {
      window.confirm(ticket, o.now());
      if (member && shared && redis?.status === 'ready') {
        shared.confirm(key, member, ticket.background).catch(() => {
          // Unconfirmed, the send keeps counting until its lease ends: safe, only slower.
        });
      }
    },
    release(window, ticket) {
      window.confirm(ticket, o.now());
    },
    currentLimit: () => (o.redisUrl && degraded ? fallbackLimit : o.limit),
    state: () => ({
      shared: !!o.redisUrl,
      degraded,
      replicas,
      perReplicaLimit: o.redisUrl ? fallbackLimit : o.limit,
    }),
    async close() {
      await firstReady;
      const r = redis;
      if (!r) return;
      await r.quit().catch(() => r.disconnect());
    },
  };
}
