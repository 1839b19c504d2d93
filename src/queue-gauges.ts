import { Gauge, type Registry } from 'prom-client';
import type { QueueDepth } from './gateway/limiter.js';
import type { Db } from './store/database.js';

/** QR sessions whose status is still being watched, by any replica. */
export async function liveQrSessionCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('qr_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('watch_state', '=', 'watching')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Gauges read when /metrics is scraped: each operation's queue (waiting by priority, running)
 * and the QR sessions still being watched.
 */
export function registerQueueGauges(
  registry: Registry,
  sources: {
    queues: () => Record<string, QueueDepth>;
    liveQrSessions: () => Promise<number>;
  },
): void {
  new Gauge({
    name: 'querydesk_gateway_queue_waiting',
    help: 'Gateway requests waiting for their turn at the rate limit, by operation and priority.',
    labelNames: ['operation', 'priority'],
    registers: [registry],
    collect() {
      for (const [operation, d] of Object.entries(sources.queues())) {
        this.set({ operation, priority: 'interactive' }, d.interactive);
        this.set({ operation, priority: 'background' }, d.background);
      }
    },
  });
  new Gauge({
    name: 'querydesk_gateway_queue_running',
    help: 'Gateway requests sent and not yet answered, by operation.',
    labelNames: ['operation'],
    registers: [registry],
    collect() {
      for (const [operation, d] of Object.entries(sources.queues())) {
        this.set({ operation }, d.running);
      }
    },
  });
  new Gauge({
    name: 'querydesk_qr_sessions_live',
    help: 'QR sessions whose status is still being watched (all replicas: read from the store).',
    registers: [registry],
    async collect() {
      this.set(await sources.liveQrSessions().catch(() => Number.NaN));
    },
  });
}
