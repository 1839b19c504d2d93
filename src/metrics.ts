import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client';

/** Everything /metrics exposes; one instance per process (tests make their own). */
export interface Metrics {
  registry: Registry;
  gatewayCalls: Counter<'operation' | 'code'>;
  gatewayLatency: Histogram<'operation'>;
  pointsCharged: Counter<'operation'>;
  pointsRefunded: Counter<'operation'>;
  slackAcks: Counter<'kind'>;
  slackErrors: Counter<'method' | 'error'>;
  subscriptionPolls: Counter<'result'>;
  subscriptionOrdersPosted: Counter;
  subscriptionPollLateness: Histogram;
  backgroundCheckLateness: Histogram<'kind'>;
  qrImagesDrawn: Counter<'thread'>;
  answerSeconds: Histogram<'command' | 'part'>;
  /**
   * The same metrics of the process's other threads (the background thread's), added to this
   * registry's in /metrics.
   */
  threads: (() => Promise<MetricObjectWithValues<MetricValue<string>>[]>)[];
}

/** The Prometheus text of `/metrics`: this thread's registry, the other threads' added in. */
export async function exposition(metrics: Metrics): Promise<string> {
  if (metrics.threads.length === 0) return metrics.registry.metrics();
  const all = await Promise.all([
    metrics.registry.getMetricsAsJSON(),
    ...metrics.threads.map((of) => of()),
  ]);
  return AggregatorRegistry.aggregate(all).metrics();
}

export function createMetrics(options: { defaults?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaults) collectDefaultMetrics({ register: registry });
  return {
    registry,
    threads: [],
    gatewayCalls: new Counter({
      name: 'querydesk_gateway_calls_total',
      help: 'Gateway calls by operation and result code (transport failures use their kind).',
      labelNames: ['operation', 'code'],
      registers: [registry],
    }),
    gatewayLatency: new Histogram({
      name: 'querydesk_gateway_call_seconds',
      help: 'Gateway call latency, queueing and retries included.',
      labelNames: ['operation'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    pointsCharged: new Counter({
      name: 'querydesk_points_charged_total',
      help: 'Points the gateway charged, by operation.',
      labelNames: ['operation'],
      registers: [registry],
    }),
    pointsRefunded: new Counter({
      name: 'querydesk_points_refunded_total',
      help: 'Points the gateway returned (expired QR codes), by operation.',
      labelNames: ['operation'],
      registers: [registry],
    }),
    slackAcks: new Counter({
      name: 'querydesk_slack_acks_total',
      help: 'Slack requests acknowledged, by kind (command, action, view, shortcut).',
      labelNames: ['kind'],
      registers: [registry],
    }),
    slackErrors: new Counter({
      name: 'querydesk_slack_api_errors_total',
      help: 'Slack Web API calls that failed, by method and error.',
      labelNames: ['method', 'error'],
      registers: [registry],
    }),
    subscriptionPolls: new Counter({
      name: 'querydesk_subscription_polls_total',
      help: 'Channel subscription polls, by result (ok, failed, budget: skipped by the daily budget).',
      labelNames: ['result'],
      registers: [registry],
    }),
    subscriptionOrdersPosted: new Counter({
      name: 'querydesk_subscription_orders_posted_total',
      help: 'New shop orders channel subscriptions posted (one per order, batches included).',
      registers: [registry],
    }),
    subscriptionPollLateness: new Histogram({
      name: 'querydesk_subscription_poll_lateness_seconds',
      help: 'How long after its due time each subscription poll started.',
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    backgroundCheckLateness: new Histogram({
      name: 'querydesk_background_check_lateness_seconds',
      help: 'How long after its due time each background check was claimed, by kind (qr, watch, subscription).',
      labelNames: ['kind'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    qrImagesDrawn: new Counter({
      name: 'querydesk_qr_images_drawn_total',
      help: 'QR code PNGs drawn for /qr, by the thread that drew them (main, background).',
      labelNames: ['thread'],
      registers: [registry],
    }),
    answerSeconds: new Histogram({
      name: 'querydesk_answer_seconds',
      help: "How long a person waited for a look-up's answer after the ack, by command and part (held, before, language, work, delivery, whole).",
      labelNames: ['command', 'part'],
      // Fine below 0.1 s, where a quiet answer's p90 lies: a p90 read from the buckets tells
      // 30 ms from 45.
      buckets: [
        0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5,
        10, 30,
      ],
      registers: [registry],
    }),
  };
}
