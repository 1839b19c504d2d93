import type { Logger } from 'pino';
import { type Dispatcher, request } from 'undici';
import type { z } from 'zod';
import { DEFAULT_RETRY, type RetryPolicy } from './backoff.js';
import {
  type CallOptions,
  type CallOutcome,
  type CallParts,
  callOperation,
  type GatewayAnswer,
  type In,
  type Name,
  type Out,
  validateInput,
} from './call.js';
import type { CallContext, ChargeEvent, ChargeListener } from './charges.js';
import {
  createLimiter,
  type LimiterState,
  type OperationLimiter,
  type QueueDepth,
} from './limiter.js';
import type { OperationName } from './operation.js';
import { operations } from './operations/index.js';
import { createDispatcher, DEFAULT_TIMEOUTS, type TransportTimeouts } from './transport.js';

type Ops = typeof operations;

export type { CallOptions, CallOutcome, GatewayAnswer } from './call.js';
export type { CallContext, ChargeEvent, ChargeListener } from './charges.js';
export type { Priority, QueuedInfo } from './limiter.js';

export interface GatewayClientOptions {
  baseUrl: string;
  logger: Logger;
  timeZone: string;
  /** The embedded sandbox serves the calls; answers say so. */
  sandbox?: boolean;
  dispatcher?: Dispatcher;
  timeouts?: TransportTimeouts;
  retry?: Partial<RetryPolicy>;
  limiter?: OperationLimiter;
  onCharge?: ChargeListener;
  /** Told the final outcome of every call (metrics, audit); `code` is the envelope code or the error kind. */
  onOutcome?: (e: CallOutcome) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface GatewayClient {
  readonly sandbox: boolean;
  readonly baseUrl: string;
  /** Applies the operation's rules; throws GatewayInputError, sends nothing. */
  validate<K extends Name>(op: K, input: In<K>): z.output<Ops[K]['input']>;
  call<K extends Name>(
    op: K,
    input: In<K>,
    ctx: CallContext,
    options?: CallOptions,
  ): Promise<GatewayAnswer<Out<K>>>;
  depth(): Record<OperationName, QueueDepth>;
  /** Whether the rate budget is shared through Redis, and whether Redis is answering. */
  limiterState(): LimiterState;
  /** Whether the gateway answers HTTP at all (a free request to the base URL). */
  reachable(): Promise<boolean>;
  onCharge(listener: ChargeListener): () => void;
  /** Drops the rate-limit queues kept for a token no longer used (an uninstalled workspace's). */
  forgetToken(token: string): void;
  close(): Promise<void>;
}

/**
 * The one client for all seven operations: undici transport, auth, envelope, retries, limiter
 * and charge reporting (call.ts holds one call's attempts).
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const ownsDispatcher = !options.dispatcher;
  const listeners = new Set<ChargeListener>();
  if (options.onCharge) listeners.add(options.onCharge);
  const parts = callParts(options, listeners);
  const { limiter, dispatcher } = parts;
  return {
    sandbox: parts.sandbox,
    baseUrl: options.baseUrl,
    validate: (op, input) => validateInput(op, input),
    call: (op, input, ctx, callOptions) => callOperation(parts, op, input, ctx, callOptions),
    depth() {
      const names = Object.keys(operations) as OperationName[];
      return Object.fromEntries(names.map((n) => [n, limiter.depth(n)])) as Record<
        OperationName,
        QueueDepth
      >;
    },
    limiterState: () => limiter.state(),
    reachable: () => reachable(options.baseUrl, dispatcher),
    onCharge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forgetToken(token) {
      limiter.forget(token);
    },
    async close() {
      if (!options.limiter) await limiter.close();
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

/** The options with their defaults, and the charge reporter over `listeners`. */
function callParts(options: GatewayClientOptions, listeners: Set<ChargeListener>): CallParts {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const log = options.logger.child({ component: 'gateway' });
  return {
    baseUrl: options.baseUrl,
    timeZone: options.timeZone,
    sandbox: options.sandbox ?? false,
    dispatcher: options.dispatcher ?? createDispatcher(timeouts),
    timeouts,
    limiter: options.limiter ?? createLimiter(),
    retry: { ...DEFAULT_RETRY, ...options.retry },
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    log,
    onOutcome: options.onOutcome,
    async report(event: ChargeEvent) {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (err) {
          // The answer is already paid for; losing the record is bad, hiding the answer is worse.
          log.error(
            { err, op: event.operation, requestId: event.requestId, points: event.points },
            'charge listener failed',
          );
        }
      }
    },
  };
}

/** Whether the gateway answers HTTP at all (a free GET of the base URL). */
async function reachable(baseUrl: string, dispatcher: Dispatcher): Promise<boolean> {
  try {
    const res = await request(baseUrl, {
      dispatcher,
      method: 'GET',
      headersTimeout: 3_000,
      bodyTimeout: 3_000,
    });
    await res.body.dump();
    return true;
  } catch {
    return false;
  }
}
