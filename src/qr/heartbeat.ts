import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import { renewLeases } from './session-store.js';
import { beat, reapDeadWorkers } from './worker-registry.js';

export interface Heartbeat {
  /** One beat now (also the first one); resolves when it is stored. */
  beatNow(): Promise<void>;
  start(): void;
  stop(): void;
}

/**
 * Every `leaseMs / 3` this watcher says it is alive and extends every lease it holds by `leaseMs`,
 * in two statements whatever the number of sessions in hand. Leases stay short, so a process
 * killed mid-check holds its sessions for at most one lease; a live one never loses a session to a
 * slow check (queued behind the limiter, an edit waiting out a 429), since the beat goes on.
 * Each beat also looks for watchers that stopped beating (killed) and takes over their sessions.
 */
export function createHeartbeat(opts: {
  db: Db;
  workerId: string;
  leaseMs: number;
  now: () => number;
  logger: Logger;
  /** Sessions of dead watchers were made due now (see reapDeadWorkers). */
  onReaped(count: number): void;
}): Heartbeat {
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;
  const beatNow = async () => {
    const now = opts.now();
    await renewLeases(opts.db, opts.workerId, now + opts.leaseMs);
    await beat(opts.db, opts.workerId, now);
    const reaped = await reapDeadWorkers(opts.db, opts.workerId, now, opts.leaseMs);
    if (reaped > 0) opts.onReaped(reaped);
  };
  return {
    beatNow,
    start() {
      if (timer) return;
      timer = setInterval(
        () => {
          if (beating) return;
          beating = beatNow()
            .catch((err) => opts.logger.warn({ err }, 'qr heartbeat failed'))
            .finally(() => {
              beating = undefined;
            });
        },
        Math.max(10, Math.floor(opts.leaseMs / 3)),
      );
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
