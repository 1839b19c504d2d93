import type { Logger } from 'pino';

/** What a leased loop needs of its table: due keys, and taking, renewing, giving back leases. */
export interface LeasedTable<K, R> {
  /** Keys with work due now and no live lease, oldest first. */
  due(now: number, limit: number): Promise<K[]>;
  /** Takes the lease when nobody holds a live one; the row, or undefined. */
  claim(key: K, now: number, leaseMs: number): Promise<R | undefined>;
  renew(key: K, until: number): Promise<unknown>;
  release(key: K): Promise<unknown>;
  /** On shutdown: every lease this worker still holds. */
  releaseAll(): Promise<unknown>;
  /** A key as a string, to know what is in hand. */
  id(key: K): string;
}

export interface LeasedLoop {
  start(): void;
  /** Stops picking work, waits for the work in hand (told to stop) and hands the leases back. */
  stop(): Promise<void>;
  /** Look for due work now. */
  kick(): void;
}

/**
 * One timer loop per process over a leased table (order watches, exports): asks for due rows,
 * claims each with a lease (one conditional UPDATE, so one worker per row across replicas),
 * renews the lease while the work runs and gives it back after. `work` is told `stopping()` so a
 * long job can stop between steps and leave the rest to the next process.
 */
export function createLeasedLoop<K, R>(o: {
  table: LeasedTable<K, R>;
  work(row: R, stopping: () => boolean): Promise<void>;
  clock: () => Date;
  log: Logger;
  tickMs: number;
  leaseMs: number;
  maxInFlight: number;
}): LeasedLoop {
  const { table, log } = o;
  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const now = () => o.clock().getTime();

  async function take(key: K): Promise<void> {
    const row = await table.claim(key, now(), o.leaseMs);
    if (!row) return;
    const heartbeat = setInterval(
      () => {
        table
          .renew(key, now() + o.leaseMs)
          .catch((err) => log.warn({ err }, 'lease renewal failed'));
      },
      Math.max(10, Math.floor(o.leaseMs / 3)),
    );
    heartbeat.unref();
    const work = o
      .work(row, () => !running)
      .catch((err) => log.error({ err, key: table.id(key) }, 'leased work failed'))
      .finally(() => clearInterval(heartbeat))
      .then(() => table.release(key))
      .catch((err) => log.error({ err, key: table.id(key) }, 'lease release failed'))
      .then(() => undefined)
      .finally(() => inFlight.delete(table.id(key)));
    inFlight.set(table.id(key), work);
  }

  async function tickOnce(): Promise<void> {
    const free = o.maxInFlight - inFlight.size;
    if (free <= 0) return;
    for (const key of await table.due(now(), free + inFlight.size)) {
      if (!running || inFlight.size >= o.maxInFlight) break;
      if (!inFlight.has(table.id(key))) await take(key);
    }
  }

  function plan(ms: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick(): void {
    if (!running || ticking) return;
    ticking = tickOnce()
      .catch((err) => log.error({ err }, 'leased loop tick failed'))
      .finally(() => {
        ticking = undefined;
        plan(o.tickMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      log.info({ tickMs: o.tickMs, leaseMs: o.leaseMs }, 'started');
      plan(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await ticking;
      await Promise.all(inFlight.values());
      await table.releaseAll();
    },
    kick() {
      if (running && !ticking) plan(0);
    },
  };
}
