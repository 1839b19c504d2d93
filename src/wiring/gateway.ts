import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { type CallOutcome, createGatewayClient, type GatewayClient } from '../gateway/client.js';
import { createLimiter, type OperationLimiter } from '../gateway/limiter.js';
import type { Metrics } from '../metrics.js';
import { liveQrSessionCount, registerQueueGauges } from '../queue-gauges.js';
import type { Sandbox, SandboxOptions } from '../sandbox/index.js';
import type { Store } from '../store/index.js';
import type { Lifecycle } from './lifecycle.js';

/** The embedded sandbox gateway, when GATEWAY_BASE_URL is unset. */
export async function embeddedSandbox(
  config: Config,
  options:
    | Pick<
        SandboxOptions,
        'qrScanAfterMs' | 'orderPayAfterMs' | 'orderCallbackAfterMs' | 'shopOrderEveryMs'
      >
    | undefined,
  life: Lifecycle,
  logger: Logger,
): Promise<Sandbox | undefined> {
  if (config.gateway.baseUrl) return undefined;
  // The sandbox and its seeded world are loaded only when no real gateway is configured.
  const { startSandbox } = await import('../sandbox/index.js');
  const sandbox = life.own(await startSandbox({ port: 0, host: '127.0.0.1', ...options }), (s) =>
    s.close(),
  );
  logger.info({ url: sandbox.url }, 'embedded sandbox gateway started');
  return sandbox;
}

/** The process's one budget per (token, operation): with REDIS_URL, every replica's. */
export function processLimiter(config: Config, logger: Logger): OperationLimiter {
  return createLimiter({ redisUrl: config.redisUrl, replicas: config.replicas, logger });
}

/**
 * The thread's gateway client over `limiter` (its maker closes it), its calls counted and timed
 * in the metrics, each told to `audit`, with `gauges` its queues (and the QR sessions still
 * watched, read from the store) as gauges in /metrics.
 */
export function gatewayClient(
  config: Config,
  sandbox: Pick<Sandbox, 'url'> | undefined,
  p: { metrics: Metrics; logger: Logger; store: Store; gauges: boolean; limiter: OperationLimiter },
  audit?: (e: CallOutcome) => void,
): GatewayClient {
  const { metrics, logger, store, limiter } = p;
  const gateway = createGatewayClient({
    baseUrl: sandbox?.url ?? config.gateway.baseUrl ?? '',
    logger,
    timeZone: config.gateway.timeZone,
    sandbox: !!sandbox,
    limiter,
    onOutcome: (e) => {
      metrics.gatewayCalls.inc({ operation: e.operation, code: e.code });
      metrics.gatewayLatency.observe({ operation: e.operation }, e.durationMs / 1000);
      audit?.(e);
    },
  });
  if (p.gauges) {
    registerQueueGauges(metrics.registry, {
      queues: () => gateway.depth(),
      liveQrSessions: () => liveQrSessionCount(store.db),
      rateQueues: () => limiter.size(),
    });
  }
  return gateway;
}
