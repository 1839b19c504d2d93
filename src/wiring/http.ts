import type { CustomRoute } from '@slack/bolt';
import type { Config } from '../config.js';
import { startMetricsServer } from '../http/metrics-server.js';
import { healthRoutes } from '../http/routes.js';
import type { Metrics } from '../metrics.js';
import type { HttpLimits } from '../slack/http-edge/http-limits.js';
import type { Store } from '../store/index.js';
import type { Lifecycle } from './lifecycle.js';

/**
 * `/metrics` on its own port when METRICS_PORT is set (owned by `life`); the port it listens on,
 * or undefined when the scrape endpoint stays on the main port.
 */
export async function separateMetrics(
  config: Config,
  params: { metrics: Metrics; limits: HttpLimits },
  life: Lifecycle,
): Promise<number | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const server = await startMetricsServer({ ...params, port: config.metricsPort });
  return life.own(server, (m) => m.close()).port;
}

/** The routes on the main port: health, readiness, `/metrics` unless it has its own port, and any extra (the console). */
export function appRoutes(
  config: Config,
  p: { metrics: Metrics; store: Store },
  extra: CustomRoute[] = [],
): CustomRoute[] {
  const withMetrics = config.metricsPort === undefined;
  return [
    ...healthRoutes({ metrics: p.metrics, ready: () => p.store.ping(), withMetrics }),
    ...extra,
  ];
}
