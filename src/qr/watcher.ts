import type { QrWatchDeps } from './ports.js';
import { jittered, type QrSchedule, qrSchedule } from './schedule.js';
import {
  claimSession,
  dueSessions,
  releaseAllLeases,
  releaseSession,
  type SessionKey,
  updateLeased,
} from './session-store.js';
import type { WorkContext } from './work-context.js';
import { hasWork, workOnSession } from './work-on-session.js';

export interface QrWatcher {
  readonly workerId: string;
  readonly schedule: QrSchedule;
  /** `baseMs` with this watcher's jitter applied. */
  gap(baseMs: number): number;
  start(): void;
  /** Stops picking work, waits for the sessions in hand and hands their leases back. */
  stop(): Promise<void>;
  /** Look for due work now (a session was just created or re-armed). */
  kick(): void;
}

export interface QrWatcherOptions {
  deps: QrWatchDeps;
  /** Unique per process (e.g. hostname + pid): the owner of this watcher's leases. */
  workerId: string;
  /** How often the store is asked for due work. Default: a third of the first gap, 20..1000 ms. */
  tickMs?: number;
  /** How long a claimed session is ours; must exceed one check plus one edit. Default 60 s. */
  leaseMs?: number;
  /** Sessions worked on at once by this watcher. Default 20. */
  maxInFlight?: number;
  schedule?: Partial<Omit<QrSchedule, 'firstMs'>>;
  random?: () => number;
}

export const DEFAULT_QR_LEASE_MS = 60_000;

/**
 * One scheduler for every QR session of every workspace: a single timer loop asks the store for
 * due work, claims each session with a lease (so no two workers ever check one session at once,
 * across processes sharing the database), and works on the claimed ones.
 */
export function createQrWatcher(options: QrWatcherOptions): QrWatcher {
  const { deps } = options;
  const schedule = qrSchedule(deps.config.qr.pollIntervalMs, options.schedule);
  const tickMs = options.tickMs ?? Math.min(1000, Math.max(20, Math.floor(schedule.firstMs / 3)));
  const leaseMs = options.leaseMs ?? DEFAULT_QR_LEASE_MS;
  const maxInFlight = options.maxInFlight ?? 20;
  const ctx: WorkContext = {
    deps,
    owner: options.workerId,
    schedule,
    timeoutMs: deps.config.qr.watchTimeoutMs,
    random: options.random ?? Math.random,
    editsPausedUntil: new Map(),
  };
  const log = deps.logger.child({ component: 'qr-watcher', workerId: options.workerId });
  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;

  const id = (k: SessionKey) => `${k.workspaceId}\u0000${k.sessionId}`;

  async function take(key: SessionKey): Promise<void> {
    const now = deps.clock().getTime();
    const row = await claimSession(deps.store.db, key, ctx.owner, now, leaseMs);
    if (!row) return;
    if (!hasWork(row, now, ctx.timeoutMs)) {
      await releaseSession(deps.store.db, key, ctx.owner);
      return;
    }
    // A check can outlast one lease (queued behind the limiter, retried, an edit waiting out a
    // 429): the lease is renewed while the work runs, so no other worker can take the session.
    const heartbeat = setInterval(
      () => {
        const until = deps.clock().getTime() + leaseMs;
        updateLeased(deps.store.db, key, ctx.owner, { lease_until: until }).then(
          (held) => held || log.warn({ sessionId: key.sessionId }, 'qr lease lost during work'),
          (err) => log.warn({ err, sessionId: key.sessionId }, 'qr lease renewal failed'),
        );
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const work = workOnSession(ctx, row)
      .catch((err) => log.error({ err, sessionId: key.sessionId }, 'qr session work failed'))
      .finally(() => clearInterval(heartbeat))
      .then(() => releaseSession(deps.store.db, key, ctx.owner))
      .catch((err) => log.error({ err, sessionId: key.sessionId }, 'qr lease release failed'))
      .finally(() => inFlight.delete(id(key)));
    inFlight.set(
      id(key),
      work.then(() => undefined),
    );
  }

  async function tickOnce(): Promise<void> {
    const free = maxInFlight - inFlight.size;
    if (free <= 0) return;
    const due = await dueSessions(deps.store.db, deps.clock().getTime(), free + inFlight.size);
    for (const key of due) {
      if (!running || inFlight.size >= maxInFlight) break;
      if (inFlight.has(id(key))) continue;
      await take(key);
    }
  }

  function plan(delayMs: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick(): void {
    if (!running) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tickOnce()
      .catch((err) => log.error({ err }, 'qr watcher tick failed'))
      .finally(() => {
        ticking = undefined;
        const rerun = again;
        again = false;
        plan(rerun ? 0 : tickMs);
      });
  }

  return {
    workerId: options.workerId,
    schedule,
    gap: (baseMs) => jittered(schedule, baseMs, ctx.random),
    start() {
      if (running) return;
      running = true;
      log.info({ tickMs, leaseMs, schedule }, 'qr watcher started');
      plan(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await ticking;
      await Promise.all(inFlight.values());
      await releaseAllLeases(deps.store.db, ctx.owner);
      log.info('qr watcher stopped');
    },
    kick() {
      if (running) plan(0);
    },
  };
}
