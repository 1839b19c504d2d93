import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../metrics.js';
import {
  applyServerLimits,
  type HttpLimits,
  serverOptions,
} from '../slack/http-edge/http-limits.js';
import { metricsHandler } from './routes.js';

/**
 * `/metrics` alone on its own port (METRICS_PORT), so the scrape endpoint need not be reachable
 * where Slack's requests arrive. Anything else there is a 404. Same limits as the main server.
 */
export async function startMetricsServer(params: {
  metrics: Metrics;
  port: number;
  limits: HttpLimits;
}): Promise<{ port: number; close(): Promise<void> }> {
  const handle = metricsHandler(params.metrics);
  const server: Server = createServer(serverOptions(params.limits), (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') return handle(req, res);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"ok":false}');
  });
  applyServerLimits(server, params.limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(params.port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
