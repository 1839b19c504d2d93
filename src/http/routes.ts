import type { ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import { exposition, type Metrics } from '../metrics.js';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * /healthz, /readyz and, unless METRICS_PORT puts it elsewhere (`withMetrics: false`), /metrics,
 * served on the same port as Slack's requests.
 */
export function healthRoutes(deps: {
  metrics: Metrics;
  ready: () => Promise<boolean>;
  withMetrics?: boolean;
}): CustomRoute[] {
  const routes: CustomRoute[] = [
    { path: '/healthz', method: ['GET'], handler: (_req, res) => json(res, 200, { ok: true }) },
    {
      path: '/readyz',
      method: ['GET'],
      handler: (_req, res) => {
        deps.ready().then(
          (ok) => json(res, ok ? 200 : 503, { ok }),
          () => json(res, 503, { ok: false }),
        );
      },
    },
  ];
  if (deps.withMetrics !== false) {
    routes.push({ path: '/metrics', method: ['GET'], handler: metricsHandler(deps.metrics) });
  }
  return routes;
}

/** Prometheus text of the process's registry. */
export function metricsHandler(metrics: Metrics): (req: unknown, res: ServerResponse) => void {
  return (_req, res) => {
    exposition(metrics).then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType });
        res.end(text);
      },
      () => json(res, 500, { ok: false }),
    );
  };
}
