import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { type CallOutcome, createGatewayClient, type GatewayClient } from '../gateway/client.js';
import { createLimiter } from '../gateway/limiter.js';
import type { Metrics } from '../metrics.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../sandbox/index.js';
import type { Lifecycle } from './lifecycle.js';

/** The embedded sandbox gateway, when GATEWAY_BASE_URL is unset. */
export async function embeddedSandbox(
  config: Config,
  options:
    | Pick<SandboxOptions, 'qrScanAfterMs' | 'orderPayAfterMs' | 'orderCallbackAfterMs'>
    | undefined,
  life: Lifecycle,
  logger: Logger,
): Promise<Sandbox | undefined> {
  if (config.gateway.baseUrl) return undefined;
  const sandbox = life.own(await startSandbox({ port: 0, host: '127.0.0.1', ...options }), (s) =>
    s.close(),
  );
  logger.info({ url: sandbox.url }, 'embedded sandbox gateway started');
  return sandbox;
}

/** The one gateway client, its calls counted and timed in the metrics, each told to `audit`. */
export function gatewayClient(
  config: Config,
  sandbox: Sandbox | undefined,
  metrics: Metrics,
  logger: Logger,
  audit?: (e: CallOutcome) => void,
): GatewayClient {
  return createGatewayClient({
    baseUrl: sandbox?.url ?? config.gateway.baseUrl ?? '',
    logger,
    timeZone: config.gateway.timeZone,
    sandbox: !!sandbox,
    limiter: createLimiter({ redisUrl: config.redisUrl }),
    onOutcome: (e) => {
      metrics.gatewayCalls.inc({ operation: e.operation, code: e.code });
      metrics.gatewayLatency.observe({ operation: e.operation }, e.durationMs / 1000);
      audit?.(e);
    },
  });
}
