import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

export interface Standby {
  port: number;
  stop(): Promise<void>;
}

/**
 * Console mode with CONSOLE_STANDBY=true: a second replica of a deployment (compose.yaml's
 * querydesk-2) starts no bot. The console's Slack double lives in one process, so a bot here
 * would take QR watches, order watches and exports whose messages then go to a double nobody
 * sees. It answers /healthz (the process is fine) and 503 elsewhere, /readyz included, so a
 * proxy sends it nothing.
 */
export async function startStandby(config: Config, logger: Logger): Promise<Standby> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://standby.invalid').pathname;
    const healthy = req.method === 'GET' && path === '/healthz';
    res.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        healthy
          ? { ok: true }
          : { ok: false, error: 'standby: the local console runs in another replica' },
      ),
    );
  });
  server.listen(config.port);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  logger.info(
    { port },
    'console mode on standby: this replica runs no bot (the local console runs in one replica only)',
  );
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
