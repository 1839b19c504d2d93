import type { Logger } from 'pino';
import type { LeaseColumns, LeasedTable } from './leased-rows.js';

/**
 * One row in hand: whether its lease may have gone, and until when it is surely ours.
 * `handingBack`: the work's own write is freeing the lease; renewed until that write lands, and
 * a renewal that no longer finds it ours is that write, not a loss.
 */
export interface Hold {
  lost: boolean;
  until: number;
  handingBack?: boolean;
}

export interface LeaseHeartbeat<K> {
  /** Starts tracking a row just claimed until `until`. */
  hold(key: K, until: number): Hold;
  /** The work on it ended (its lease is released by the caller). */
  drop(key: K): void;
  start(): void;
  stop(): void;
}

/**
 * One heartbeat per loop: every `leaseMs / 3`, one statement extends the leases of the rows in
 * hand (the loop's work, and rows held for others through it, such as a QR session being set
 * up), and none other (leased-rows.ts says why). A row in hand whose lease did not come back
 * renewed, or every row in hand when the renewal failed, is marked lost: its work must stop
 * before its next step, since another replica may take the row once the lease lapses. `onBeat`
 * runs after each beat whose renewal went through or had nothing to renew (QR: its registry).
 */
export function createLeaseHeartbeat<K, R extends LeaseColumns>(o: {
  table: LeasedTable<K, R>;
  owner: string;
  leaseMs: number;
  now: () => number;
  log: Logger;
  onBeat?(now: number): Promise<void>;
}): LeaseHeartbeat<K> {
  const holds = new Map<string, { key: K; hold: Hold }>();
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;

  const stillInHand = (id: string, hold: Hold) => holds.get(id)?.hold === hold;

  function lose(id: string, hold: Hold): void {
    if (hold.lost) return;
    hold.lost = true;
    o.log.warn({ key: id }, 'lease lost; its work stops');
  }

  async function beat(): Promise<void> {
    const t = o.now();
    // Only what was in hand before the statement ran is judged by its answer.
    const inHand = [...holds.entries()];
    const snapshot = inHand.map(([id, h]) => [id, h.hold] as const);
    const keys = inHand.map(([, h]) => h.key);
    let held: Set<string>;
    try {
      held = await o.table.renew(keys, o.owner, t + o.leaseMs);
    } catch (err) {
      o.log.warn({ err, inHand: snapshot.length }, 'lease renewal failed');
      for (const [id, hold] of snapshot) if (stillInHand(id, hold)) lose(id, hold);
      return;
    }
    for (const [id, hold] of snapshot) {
      if (held.has(id)) hold.until = t + o.leaseMs;
      // Freed by its work's own write: nothing more to renew (unless the row, claimed again
      // since, is in hand under a new hold).
      else if (hold.handingBack) {
        if (stillInHand(id, hold)) holds.delete(id);
      }
      // Dropped while the statement ran: its work ended and its lease was handed back, not lost.
      else if (stillInHand(id, hold)) lose(id, hold);
    }
    await o.onBeat?.(t);
  }

  return {
    hold(key, until) {
      const hold = { lost: false, until };
      holds.set(o.table.id(key), { key, hold });
      return hold;
    },
    drop(key) {
      holds.delete(o.table.id(key));
    },
    start() {
      if (timer) return;
      timer = setInterval(
        () => {
          if (beating) return;
          beating = beat()
            .catch((err) => o.log.warn({ err }, 'heartbeat failed'))
            .finally(() => {
              beating = undefined;
            });
        },
        Math.max(10, Math.floor(o.leaseMs / 3)),
      );
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
