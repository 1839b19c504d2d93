import type { Logger } from 'pino';
import { type BatchedWrites, batchedWrites } from './batched-writes.js';
import { createLeaseHeartbeat, type Hold, type LeaseHeartbeat } from './lease-heartbeat.js';
import type { LeaseColumns, LeasedTable } from './leased-rows.js';

/**
 * Work on one leased row. `stopping()` turns true when this process shuts down or the row's
 * lease may be gone (a renewal failed or found the row no longer ours, or its time ran out):
 * the work checks it before each step that costs points, and stops there.
 *
 * `handingBack()`: the work's next write, its last, frees the lease itself (sets the lease columns
 * to null with the rest); called just before that write is sent, it spares the loop its own
 * hand-back, so a check costs one statement fewer. The heartbeat renews the row until the work
 * ends (a slow write must not let the lease lapse under it, or another replica would check the
 * row again) and takes a renewal that no longer finds it for that write, not a loss. Work that
 * fails after calling it is handed back as usual.
 */
export type LeasedWork<R> = (
  row: R,
  stopping: () => boolean,
  handingBack: () => void,
) => Promise<void>;

export interface LeasedLoop {
  start(): void;
  /** Stops picking work, waits for the work in hand (told to stop) and hands the leases back. */
  stop(): Promise<void>;
  /** Look for due work now. */
  kick(): void;
}

/** The loop, plus working on a row claimed outside it (a click) under its heartbeat. */
export interface LeasedRunner<K, R> extends LeasedLoop {
  /**
   * Runs `work` on `row`, leased to this owner by a claim made at `claimedAt` (epoch ms), and
   * releases the lease after.
   */
  run(key: K, row: R, claimedAt: number, work: LeasedWork<R>): Promise<void>;
  /**
   * Keeps the lease of `key`, taken outside the loop at `claimedAt` (a QR session while it is
   * set up), under this loop's heartbeat until `release` hands it back. A hand-back that fails
   * is logged: the lease is no longer renewed and lapses within one lease. `lost()`: the lease
   * may be gone (a renewal failed or found the row no longer ours, or its time ran out).
   */
  hold(key: K, claimedAt: number): { release(): Promise<void>; lost(): boolean };
}

export interface LeasedLoopOptions<K, R extends LeaseColumns> {
  table: LeasedTable<K, R>;
  /** Unique per process (e.g. hostname + pid): the owner of this loop's leases. */
  owner: string;
  work: LeasedWork<R>;
  clock: () => Date;
  log: Logger;
  /** The longest the loop sleeps without asking the store for due rows. */
  tickMs: number;
  /** How long a lease lasts unless renewed; the heartbeat renews every third of it. */
  leaseMs: number;
  maxInFlight: number;
  /**
   * False: this loop never looks for due rows; it runs rows claimed outside it (`run`, a click)
   * under its heartbeat only. The main thread's QR watcher when the background thread owns the
   * loop (src/background/). Default true.
   */
  looks?: boolean;
  /** When work is next due (epoch ms), to sleep less than `tickMs` when it is sooner. */
  nextDueAt?(now: number): Promise<number | undefined>;
  /** Each row the loop claims, at the instant of its claim (epoch ms): for lateness figures. */
  onClaimed?(row: R, claimedAt: number): void;
  /** Each heartbeat, after the leases are renewed. */
  onBeat?(now: number): Promise<void>;
  /** Before the first look for due rows. */
  onStart?(): Promise<void>;
  /** After the leases are handed back on stop. */
  onStop?(): Promise<void>;
}

/**
 * The shortest time between two looks for due rows when rows finish: a thousand checks finishing
 * within a second make at most this many looks, each claiming what is due in one statement.
 */
export const MIN_LOOK_GAP_MS = 25;

/** Seconds from `dueAt` to `claimedAt` (both epoch ms), 0 when claimed early. */
export function lateSeconds(dueAt: number, claimedAt: number): number {
  return Math.max(0, claimedAt - Number(dueAt)) / 1000;
}

/**
 * One timer loop per process over a leased table (QR sessions, order watches, exports): asks
 * for due rows, claims each (leased-rows.ts: one worker per row across replicas), works on it
 * while one heartbeat renews every lease in hand, and gives the lease back after. A process
 * killed mid-work holds its rows for at most one lease; then any replica's loop claims them.
 */
export function createLeasedLoop<K, R extends LeaseColumns>(
  o: LeasedLoopOptions<K, R>,
): LeasedRunner<K, R> {
  const { table, log } = o;
  const now = () => o.clock().getTime();
  const inFlight = new Map<string, Promise<void>>();
  const heartbeat = createLeaseHeartbeat({ ...o, now, onBeat: o.onBeat });
  let running = false;
  // Set by stop() only: a row run from outside before start() (a click) is not told to stop.
  let stopRequested = false;
  let starting: Promise<void> = Promise.resolve();
  let ticking: Promise<void> | undefined;
  let again = false;
  // A loop finishing many rows at once hands their leases back in one round trip, not one each.
  const releases = batchedWrites<K>((keys) => table.releaseMany(keys, o.owner), RELEASE_BATCH);
  const ending = { heartbeat, releases, log, now };
  const looks = lookTimer(() => tick());

  function run(key: K, row: R, claimedAt: number, work: LeasedWork<R>): Promise<void> {
    const id = table.id(key);
    const lease = holdLease(key, claimedAt + o.leaseMs, id, ending);
    const stopping = () => stopRequested || lease.lost();
    // Never rejects: a failure of the work or of the hand-back is logged.
    const done = workThenHandBack(work, row, stopping, lease, (err) =>
      log.error({ err, key: id }, 'leased work failed'),
    ).finally(() => {
      inFlight.delete(id);
      // A slot is free again: due work waiting for it need not wait for the next look, but
      // rows finishing together share one look (at most one per MIN_LOOK_GAP_MS).
      plan(looks.gapLeft());
    });
    inFlight.set(id, done);
    return done;
  }

  async function tickOnce(): Promise<number> {
    const free = o.maxInFlight - inFlight.size;
    if (free <= 0) return o.tickMs;
    const due = (await table.spec.due(now(), free + inFlight.size))
      .filter((key) => !inFlight.has(table.id(key)))
      .slice(0, free);
    if (running && due.length > 0) {
      const t = now();
      const batch = await claimInDueOrder(table, due, o.owner, t, o.leaseMs);
      if (!running) {
        // Stopped meanwhile: hand the batch straight back rather than start work on it.
        await table.releaseMany(
          batch.map((b) => b.key),
          o.owner,
        );
        return o.tickMs;
      }
      for (const { key, row } of batch) {
        o.onClaimed?.(row, t);
        void run(key, row, t, o.work);
      }
      // Every slot taken: the next one freed looks again, no need to ask when work is due.
      if (inFlight.size >= o.maxInFlight) return o.tickMs;
    }
    const next = await o.nextDueAt?.(now());
    return next === undefined ? o.tickMs : Math.min(o.tickMs, Math.max(5, next - now()));
  }

  function plan(delayMs: number): void {
    if (!running || o.looks === false) return;
    if (ticking) {
      if (delayMs < o.tickMs) again = true;
      return;
    }
    looks.at(delayMs);
  }

  function tick(): void {
    if (!running || ticking) return;
    looks.started();
    let delay = o.tickMs;
    ticking = tickOnce()
      .then((d) => {
        delay = d;
      })
      .catch((err) => log.error({ err }, 'leased loop tick failed'))
      .finally(() => {
        ticking = undefined;
        const rerun = again;
        again = false;
        plan(rerun ? looks.gapLeft() : delay);
      });
  }

  return {
    run,
    hold: (key, claimedAt) => holdLease(key, claimedAt + o.leaseMs, table.id(key), ending),
    start() {
      if (running) return;
      running = true;
      stopRequested = false;
      log.info({ tickMs: o.tickMs, leaseMs: o.leaseMs }, 'started');
      heartbeat.start();
      starting = (o.onStart?.() ?? Promise.resolve())
        .catch((err) => log.error({ err }, 'leased loop start failed'))
        .finally(() => plan(0));
    },
    async stop() {
      running = false;
      stopRequested = true;
      looks.cancel();
      await starting;
      await ticking;
      await Promise.all(inFlight.values());
      heartbeat.stop();
      await table.releaseAll(o.owner);
      await o.onStop?.();
      log.info('stopped');
    },
    kick() {
      plan(0);
    },
  };
}

/**
 * Runs `work` on `row`, then hands `lease` back, unless the work's last write freed it itself
 * (`handingBack`, see LeasedWork) and went through. Never rejects: a failure goes to `failed`.
 */
function workThenHandBack<R>(
  work: LeasedWork<R>,
  row: R,
  stopping: () => boolean,
  lease: { hold: Hold; drop(): void; release(): Promise<void> },
  failed: (err: unknown) => void,
): Promise<void> {
  let handedBack = false;
  const handingBack = () => {
    handedBack = true;
    lease.hold.handingBack = true;
  };
  return work(row, stopping, handingBack)
    .then(
      () => handedBack,
      (err: unknown) => {
        failed(err);
        return false;
      },
    )
    .then((back) => (back ? lease.drop() : lease.release()));
}

/**
 * A lease in hand: renewed by the heartbeat until `release` drops it (first, so a renewal racing
 * the hand-back does not call the lease lost) and hands it back. `release` never rejects: a
 * hand-back refused by the store is logged, and the lease, no longer renewed, lapses within one
 * lease. The loop's own work and rows held for work outside it (`LeasedRunner.hold`) alike.
 */
function holdLease<K>(
  key: K,
  until: number,
  id: string,
  via: { heartbeat: LeaseHeartbeat<K>; releases: BatchedWrites<K>; log: Logger; now(): number },
): { hold: Hold; drop(): void; release(): Promise<void>; lost(): boolean } {
  const hold = via.heartbeat.hold(key, until);
  return {
    hold,
    lost: () => hold.lost || via.now() >= hold.until,
    /** No longer renewed; the caller's own write frees the lease. */
    drop: () => via.heartbeat.drop(key),
    release() {
      via.heartbeat.drop(key);
      return via.releases
        .add(key)
        .catch((err) => via.log.error({ err, key: id }, 'lease release failed'));
    },
  };
}

/**
 * When the loop looks for due work next: one timer, where the sooner of two plans wins, and the
 * time left before a look may follow the last one by MIN_LOOK_GAP_MS.
 */
function lookTimer(look: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let timerAt = 0;
  let lastLookAt = Number.NEGATIVE_INFINITY;
  return {
    /** A look in `delayMs`, unless one is already planned sooner. */
    at(delayMs: number): void {
      const at = performance.now() + delayMs;
      if (timer && timerAt <= at) return;
      clearTimeout(timer);
      timerAt = at;
      timer = setTimeout(() => {
        timer = undefined;
        look();
      }, delayMs);
    },
    started(): void {
      lastLookAt = performance.now();
    },
    /** Until the next look may start after the last one (0 when it may start now). */
    gapLeft(): number {
      return Math.max(0, Math.ceil(lastLookAt + MIN_LOOK_GAP_MS - performance.now()));
    },
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Claims `due` in one statement: the rows won, each with its key, in the order they were due. */
async function claimInDueOrder<K, R extends LeaseColumns>(
  table: LeasedTable<K, R>,
  due: readonly K[],
  owner: string,
  t: number,
  leaseMs: number,
): Promise<{ key: K; row: R }[]> {
  const order = new Map(due.map((key, i) => [table.id(key), { key, i }]));
  const won = await table.claimMany(due, owner, t, leaseMs);
  return won
    .flatMap((row) => {
      const at = order.get(table.rowId(row));
      return at ? [{ ...at, row }] : [];
    })
    .sort((a, b) => a.i - b.i)
    .map(({ key, row }) => ({ key, row }));
}

/** The most leases one release statement hands back. */
const RELEASE_BATCH = 100;
