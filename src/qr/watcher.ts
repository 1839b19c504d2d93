import { createLeasedLoop, type LeasedRunner, lateSeconds } from '../store/leased-loop.js';
import { checkStatus, denseEnd } from './check-status.js';
import type { QrSetUpHold, QrWatchControl, QrWatchDeps } from './ports.js';
import { jittered, type QrSchedule, qrSchedule } from './schedule.js';
import type { QrSessionRow } from './session-row.js';
import {
  findSession,
  nextDueAt,
  type SessionKey,
  sessionTable,
  updateLeased,
} from './session-store.js';
import type { WorkContext } from './work-context.js';
import { hasWork, workOnSession } from './work-on-session.js';
import { beat, forgetWorker, joinWatchers, reapDeadWorkers } from './worker-registry.js';

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
  /** Sessions worked on at once by this watcher. Default 50. */
  maxInFlight?: number;
  schedule?: Partial<Omit<QrSchedule, 'firstMs'>>;
  random?: () => number;
  /** Told how late (seconds after its due time) each check was claimed. */
  lateness?: (seconds: number) => void;
  /** False: clicks only, the loop is another thread's (store/leased-loop.ts `looks`). */
  looks?: boolean;
}

export const DEFAULT_QR_LEASE_MS = 5_000;

/**
 * One scheduler for every QR session of every workspace: a leased loop (store/leased-loop.ts)
 * sleeps until the next check is due, claims each due session with a short lease (so no two
 * workers ever check one session at once, across processes sharing the database), and works on
 * the claimed ones. Its heartbeat keeps this worker's leases alive and, through the worker
 * registry, takes over the sessions of a killed worker within one lease.
 */
export function createQrWatcher(options: QrWatcherOptions): QrWatcher {
  const { deps } = options;
  const schedule = qrSchedule(deps.config.qr.pollIntervalMs, options.schedule);
  const leaseMs = options.leaseMs ?? DEFAULT_QR_LEASE_MS;
  const db = deps.store.db;
  const owner = options.workerId;
  const ctx: WorkContext = {
    deps,
    owner,
    schedule,
    timeoutMs: deps.config.qr.watchTimeoutMs,
    random: options.random ?? Math.random,
    editsPausedUntil: new Map(),
  };
  const log = deps.logger.child({ component: 'qr-watcher', workerId: owner });
  const loop = createLeasedLoop({
    table: sessionTable(db),
    owner,
    work: (row, stopping, handingBack) =>
      hasWork(row, deps.clock().getTime(), ctx.timeoutMs)
        ? workOnSession(ctx, row, false, stopping, handingBack)
        : Promise.resolve(),
    clock: deps.clock,
    log,
    tickMs: options.tickMs ?? 1000,
    leaseMs,
    maxInFlight: options.maxInFlight ?? 50,
    looks: options.looks,
    nextDueAt: (now) => nextDueAt(db, now),
    onClaimed: (row, at) => {
      if (row.watch_state === 'watching') options.lateness?.(lateSeconds(row.next_check_at, at));
    },
    async onBeat(now) {
      await beat(db, owner, now);
      const reaped = await reapDeadWorkers(db, owner, now, leaseMs);
      if (reaped === 0) return;
      // A warning: a replica judged dead is worth an operator's look (was it killed, or starved?).
      log.warn({ count: reaped }, 'qr sessions of a dead watcher taken over');
      loop.kick();
    },
    onStart: () => joinWatchers(db, owner, deps.clock().getTime(), leaseMs, log),
    onStop: () => forgetWorker(db, owner).catch(() => undefined),
  });
  return {
    workerId: owner,
    schedule,
    leaseMs,
    gap: (baseMs) => jittered(schedule, baseMs, ctx.random),
    start: loop.start,
    stop: loop.stop,
    kick: loop.kick,
    hold: (key, claimedAt, firstCheckAt) => holdWhileSetUp(ctx, loop, key, claimedAt, firstCheckAt),
    checkNow: (key) => checkNow(ctx, loop, leaseMs, key),
  };
}

/**
 * A new session held while its image is uploaded and its message shown. That can take longer
 * than its first gap (a busy Slack, a loaded replica); its first check is then made on time, by
 * this process under the same lease, and only stored: the set-up's edit, after `settle`, shows
 * what it found.
 */
function holdWhileSetUp(
  ctx: WorkContext,
  loop: LeasedRunner<SessionKey, QrSessionRow>,
  key: SessionKey,
  claimedAt: number,
  firstCheckAt: number | undefined,
): QrSetUpHold {
  const held = loop.hold(key, claimedAt);
  let settled = false;
  let check: Promise<unknown> | undefined;
  const stopping = () => settled || held.lost();
  const timer =
    firstCheckAt === undefined
      ? undefined
      : setTimeout(
          () => {
            check = checkWhileHeld(ctx, key, stopping).catch((err: unknown) =>
              ctx.deps.logger.warn({ err, sessionId: key.sessionId }, 'qr first check failed'),
            );
          },
          Math.max(0, firstCheckAt - ctx.deps.clock().getTime()),
        );
  timer?.unref();
  const settle = async () => {
    clearTimeout(timer);
    await check;
  };
  return {
    settle,
    async release() {
      await settle();
      settled = true;
      await held.release();
    },
  };
}

/** The status check of a session still held by its set-up: stored, not shown. */
async function checkWhileHeld(
  ctx: WorkContext,
  key: SessionKey,
  stopping: () => boolean,
): Promise<void> {
  const row = await findSession(ctx.deps.store.db, key);
  if (row?.watch_state !== 'watching' || stopping()) return;
  await checkStatus(ctx, row, { mayStillSend: () => !stopping() });
}

/**
 * "I've scanned it": claims the session under this watcher's lease, makes its checks dense
 * again and checks it now; 'busy' when someone else holds it.
 */
async function checkNow(
  ctx: WorkContext,
  loop: LeasedRunner<SessionKey, QrSessionRow>,
  leaseMs: number,
  key: SessionKey,
): Promise<QrSessionRow | 'busy' | undefined> {
  const db = ctx.deps.store.db;
  const sessions = sessionTable(db);
  const t = ctx.deps.clock().getTime();
  const row = await sessions.claim(key, ctx.owner, t, leaseMs);
  if (!row) return (await findSession(db, key)) ? 'busy' : undefined;
  if (row.watch_state !== 'watching') {
    await sessions.release(key, ctx.owner);
    return row;
  }
  const dense_until = Math.max(denseEnd(row, ctx.schedule.denseMs), t + ctx.schedule.burstMs);
  await updateLeased(db, key, ctx.owner, { dense_until });
  await loop.run(key, { ...row, dense_until }, t, (r, stopping, handingBack) =>
    workOnSession(ctx, r, true, stopping, handingBack),
  );
  return findSession(db, key);
}
