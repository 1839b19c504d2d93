import { denseEnd } from './check-status.js';
import { createHeartbeat } from './heartbeat.js';
import type { QrWatchControl, QrWatchDeps } from './ports.js';
import { jittered, type QrSchedule, qrSchedule } from './schedule.js';
import type { QrSessionRow } from './session-row.js';
import {
  claimSession,
  dueSessions,
  findSession,
  nextDueAt,
  releaseAllLeases,
  releaseSession,
  type SessionKey,
  updateLeased,
} from './session-store.js';
import type { WorkContext } from './work-context.js';
import { hasWork, workOnSession } from './work-on-session.js';
import { beat, catchUpAfterOutage, forgetWorker, lastSeenOthers } from './worker-registry.js';

/** The watcher: what the chat side may ask of it (ports.ts), plus its own start and stop. */
export interface QrWatcher extends QrWatchControl {
  start(): void;
  /** Stops picking work, waits for the sessions in hand and hands their leases back. */
  stop(): Promise<void>;
}

export interface QrWatcherOptions {
  deps: QrWatchDeps;
  /** Unique per process (e.g. hostname + pid): the owner of this watcher's leases. */
  workerId: string;
  /** The longest the watcher sleeps without looking at the store (for other replicas' work and
   * leases that lapsed); due checks wake it on time. Default 1000 ms. */
  tickMs?: number;
  /** How long a lease lasts unless renewed; the heartbeat renews it every third. Default 5 s. */
  leaseMs?: number;
  /** Sessions worked on at once by this watcher. Default 20. */
  maxInFlight?: number;
  schedule?: Partial<Omit<QrSchedule, 'firstMs'>>;
  random?: () => number;
}

export const DEFAULT_QR_LEASE_MS = 5_000;

/**
 * One scheduler for every QR session of every workspace: a timer sleeps until the next check is
 * due, claims each due session with a short lease (so no two workers ever check one session at
 * once, across processes sharing the database), and works on the claimed ones. A heartbeat keeps
 * this worker's leases alive; a killed worker's lapse within one lease.
 */
export function createQrWatcher(options: QrWatcherOptions): QrWatcher {
  const { deps } = options;
  const schedule = qrSchedule(deps.config.qr.pollIntervalMs, options.schedule);
  const tickMs = options.tickMs ?? 1000;
  const leaseMs = options.leaseMs ?? DEFAULT_QR_LEASE_MS;
  const maxInFlight = options.maxInFlight ?? 20;
  const now = () => deps.clock().getTime();
  const db = deps.store.db;
  const ctx: WorkContext = {
    deps,
    owner: options.workerId,
    schedule,
    timeoutMs: deps.config.qr.watchTimeoutMs,
    random: options.random ?? Math.random,
    editsPausedUntil: new Map(),
  };
  const log = deps.logger.child({ component: 'qr-watcher', workerId: options.workerId });
  const heartbeat = createHeartbeat({
    db,
    workerId: ctx.owner,
    leaseMs,
    now,
    logger: log,
    onReaped(count) {
      log.info({ count }, 'qr sessions of a dead watcher taken over');
      plan(0);
    },
  });
  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let starting: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;

  const id = (k: SessionKey) => `${k.workspaceId}\u0000${k.sessionId}`;

  /** Works on a session already leased to us, then hands the lease back. */
  function work(key: SessionKey, row: QrSessionRow, force: boolean): Promise<void> {
    const done = workOnSession(ctx, row, force)
      .catch((err) => log.error({ err, sessionId: key.sessionId }, 'qr session work failed'))
      .then(() => releaseSession(db, key, ctx.owner))
      .catch((err) => log.error({ err, sessionId: key.sessionId }, 'qr lease release failed'))
      .then(() => undefined)
      .finally(() => {
        inFlight.delete(id(key));
        // A slot is free again: due work waiting for it need not wait for the next look.
        if (running) plan(0);
      });
    inFlight.set(id(key), done);
    return done;
  }

  async function take(key: SessionKey): Promise<void> {
    const t = now();
    const row = await claimSession(db, key, ctx.owner, t, leaseMs);
    if (!row) return;
    if (!hasWork(row, t, ctx.timeoutMs)) {
      await releaseSession(db, key, ctx.owner);
      return;
    }
    void work(key, row, false);
  }

  async function tickOnce(): Promise<number> {
    const free = maxInFlight - inFlight.size;
    if (free <= 0) return tickMs;
    const due = await dueSessions(db, now(), free + inFlight.size);
    for (const key of due) {
      if (!running || inFlight.size >= maxInFlight) return tickMs;
      if (inFlight.has(id(key))) continue;
      await take(key);
    }
    const next = await nextDueAt(db, now());
    return next === undefined ? tickMs : Math.min(tickMs, Math.max(5, next - now()));
  }

  function plan(delayMs: number): void {
    if (!running) return;
    if (ticking) {
      if (delayMs === 0) again = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick(): void {
    if (!running || ticking) return;
    let delay = tickMs;
    ticking = tickOnce()
      .then((d) => {
        delay = d;
      })
      .catch((err) => log.error({ err }, 'qr watcher tick failed'))
      .finally(() => {
        ticking = undefined;
        const rerun = again;
        again = false;
        plan(rerun ? 0 : delay);
      });
  }

  /** Registers this worker; if no other was alive within one lease, catches up after the outage. */
  async function init(): Promise<void> {
    const t = now();
    const seen = await lastSeenOthers(db, ctx.owner);
    await beat(db, ctx.owner, t);
    if (seen === undefined || seen < t - leaseMs) {
      const caughtUp = await catchUpAfterOutage(db, t, seen ?? t);
      if (caughtUp > 0) log.info({ caughtUp, lastSeen: seen }, 'qr watch resumed after an outage');
    }
  }

  return {
    workerId: options.workerId,
    schedule,
    leaseMs,
    gap: (baseMs) => jittered(schedule, baseMs, ctx.random),
    start() {
      if (running) return;
      running = true;
      log.info({ tickMs, leaseMs, schedule }, 'qr watcher started');
      heartbeat.start();
      starting = init()
        .catch((err) => log.error({ err }, 'qr watcher registration failed'))
        .finally(() => plan(0));
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await starting;
      await ticking;
      await Promise.all(inFlight.values());
      heartbeat.stop();
      await releaseAllLeases(db, ctx.owner);
      await forgetWorker(db, ctx.owner).catch(() => undefined);
      log.info('qr watcher stopped');
    },
    kick() {
      plan(0);
    },
    async checkNow(key) {
      const t = now();
      const row = await claimSession(db, key, ctx.owner, t, leaseMs);
      if (!row) return (await findSession(db, key)) ? 'busy' : undefined;
      if (row.watch_state !== 'watching') {
        await releaseSession(db, key, ctx.owner);
        return row;
      }
      const dense_until = Math.max(denseEnd(row, schedule.denseMs), t + schedule.burstMs);
      await updateLeased(db, key, ctx.owner, { dense_until });
      await work(key, { ...row, dense_until }, true);
      return findSession(db, key);
    },
  };
}
