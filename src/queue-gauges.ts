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
 * Gauges read when /metrics is scraped: each operation's queue (waiting by priority, running),
 * how many queues are kept, and the QR sessions still being watched.
 */
export function registerQueueGauges(
  registry: Registry,
  sources: {
    queues: () => Record<string, QueueDepth>;
    liveQrSessions: () => Promise<number>;
    /** Rate-limit queues kept in memory (the limiter's size). */
    rateQueues: () => number;
  },
): void {
  new Gauge({
    name: 'querydesk_gateway_rate_queues',
    help: 'Rate-limit queues this replica keeps in memory, one per gateway token and operation used.',
    registers: [registry],
    collect() {
      this.set(sources.rateQueues());
    },
  });
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

/** Many-workspace mode: the Web API clients kept in memory, one per workspace that used one. */
export function registerClientGauge(
  registry: Registry,
  clients: () => number,
  /** The background thread's own clients are a sample of their own, `thread="background"`. */
  thread?: 'background',
): void {
  new Gauge({
    name: 'querydesk_slack_workspace_clients',
    help: 'Slack Web API clients this replica keeps in memory, one per installed workspace used.',
    labelNames: thread ? ['thread'] : [],
    registers: [registry],
    collect() {
      if (thread) this.set({ thread }, clients());
      else this.set(clients());
    },
  });
}

/** New work (QR codes, watches, subscriptions) being made on this thread, and waiting its turn. */
export function registerMakingGauges(
  registry: Registry,
  depth: () => { waiting: number; running: number },
): void {
  new Gauge({
    name: 'querydesk_making_waiting',
    help: 'New QR codes, order watches and subscriptions waiting for their turn to be made (WorkTracker.make).',
    registers: [registry],
    collect() {
      this.set(depth().waiting);
    },
  });
  new Gauge({
    name: 'querydesk_making_running',
    help: 'New QR codes, order watches and subscriptions being made now.',
    registers: [registry],
    collect() {
      this.set(depth().running);
    },
  });
}
