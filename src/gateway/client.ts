import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type Dispatcher, request } from 'undici';
import type { z } from 'zod';
import { backoffDelay, DEFAULT_RETRY, type RetryPolicy } from './backoff.js';
import type { CallContext, ChargeEvent, ChargeListener } from './charges.js';
import { GatewayBusyError, GatewayInputError, GatewayTransportError } from './errors.js';
import { type Interpreted, interpretAnswer } from './interpret.js';
import {
  createLimiter,
  LimiterBusy,
  type LimiterState,
  type OperationLimiter,
  type Priority,
  type QueueDepth,
  type QueuedInfo,
} from './limiter.js';
import type { AnyOperationDef, OperationName } from './operation.js';
import { operations } from './operations/index.js';
import {
  createDispatcher,
  DEFAULT_TIMEOUTS,
  isTransportFailure,
  send,
  type TransportTimeouts,
} from './transport.js';

type Ops = typeof operations;
type Name = keyof Ops & OperationName;
type In<K extends Name> = z.input<Ops[K]['input']>;
type Out<K extends Name> = ReturnType<Ops[K]['parse']>;

export type { CallContext, ChargeEvent, ChargeListener } from './charges.js';
export type { Priority, QueuedInfo } from './limiter.js';

export interface CallOptions {
  /** Interactive (a person waits; the default) or background (watchers, exports). */
  priority?: Priority;
  /** Told once if the first attempt has to wait behind others for the gateway's rate. */
  onQueued?: (info: QueuedInfo) => void;
}

export interface GatewayAnswer<T> {
  data: T;
  /** Points charged (or, for a refund, returned) by the answer that succeeded. */
  points: number;
  kind: 'charge' | 'refund';
  requestId: string;
  attempts: number;
  durationMs: number;
  sandbox: boolean;
}

/** One call's final outcome: who it was for, what was asked, what it cost and how long it took. */
export interface CallOutcome {
  operation: OperationName;
  code: string;
  durationMs: number;
  context: CallContext & { requestId: string };
  /** The validated input (the audit masks what must not be kept). */
  input: unknown;
  points: number;
}

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
  close(): Promise<void>;
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const ownsDispatcher = !options.dispatcher;
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const dispatcher = options.dispatcher ?? createDispatcher(timeouts);
  const limiter = options.limiter ?? createLimiter();
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const listeners = new Set<ChargeListener>();
  if (options.onCharge) listeners.add(options.onCharge);
  const log = options.logger.child({ component: 'gateway' });
  const sandbox = options.sandbox ?? false;

  function def(op: Name): AnyOperationDef {
    return operations[op] as AnyOperationDef;
  }

  function validate<K extends Name>(
    op: K,
    input: In<K>,
    requestId = '-',
  ): z.output<Ops[K]['input']> {
    const parsed = def(op).input.safeParse(input);
    if (parsed.success) return parsed.data as z.output<Ops[K]['input']>;
    throw new GatewayInputError({
      operation: op,
      requestId,
      problems: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
  }

  async function report(event: ChargeEvent): Promise<void> {
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
  }

  async function call<K extends Name>(
    op: K,
    input: In<K>,
    context: CallContext,
    callOptions: CallOptions = {},
  ): Promise<GatewayAnswer<Out<K>>> {
    const requestId = context.requestId ?? randomUUID();
    const ctx = { ...context, requestId };
    const valid = validate(op, input, requestId);
    const operation = def(op);
    const wire = operation.toWire(valid as never);
    const started = now();
    for (let attempt = 1; ; attempt++) {
      const t0 = now();
      let result: Interpreted<Out<K>>;
      try {
        const schedule = {
          op,
          token: ctx.token,
          priority: callOptions.priority,
          onQueued: attempt === 1 ? callOptions.onQueued : undefined,
        };
        const raw = await limiter.schedule(schedule, (onSent) =>
          send({
            dispatcher,
            baseUrl: options.baseUrl,
            method: operation.method,
            path: operation.path,
            encoding: operation.encoding,
            wire,
            token: ctx.token,
            requestId,
            timeouts,
            onSent,
          }),
        );
        result = (await interpretAnswer({
          operation,
          input: valid,
          raw,
          ctx,
          timeZone: options.timeZone,
          now,
          report,
        })) as Interpreted<Out<K>>;
      } catch (cause) {
        if (cause instanceof LimiterBusy) {
          log.warn(
            { op, requestId, queued: cause.queued, waitMs: cause.waitMs },
            'gateway queue full',
          );
          throw new GatewayBusyError({
            operation: op,
            requestId,
            queued: cause.queued,
            waitMs: cause.waitMs,
          });
        }
        if (!isTransportFailure(cause)) throw cause;
        result = new GatewayTransportError({
          operation: op,
          requestId,
          kind: cause.kind,
          cause: cause.cause,
          chargeUnknown: cause.sent,
        });
      }
      const durationMs = now() - t0;
      if (!(result instanceof Error)) {
        options.onOutcome?.({
          ...{ operation: op, code: '0', durationMs: now() - started },
          ...{ context: ctx, input: valid, points: result.points },
        });
        log.info(
          { op, code: 0, attempt, durationMs, requestId, points: result.points, kind: result.kind },
          'gateway call',
        );
        return {
          data: result.out,
          points: result.points,
          kind: result.kind,
          requestId,
          attempts: attempt,
          durationMs: now() - started,
          sandbox,
        };
      }
      const err = result;
      // A paid call that may have been charged is never sent again: it is recorded as "maybe
      // charged" instead. A free call, or a failure that proves nothing was served, is retried.
      const maybeCharged =
        operation.paid && err instanceof GatewayTransportError && err.chargeUnknown;
      if (maybeCharged) {
        await report({
          operation: op,
          workspaceId: ctx.workspaceId,
          userId: ctx.userId,
          channelId: ctx.channelId,
          requestId,
          points: 0,
          kind: 'charge',
          gatewayCode: -1,
          chargeUnknown: true,
        });
      }
      const logged = {
        op,
        code: err.code,
        kind: err.kind,
        httpStatus: err.httpStatus,
        attempt,
        durationMs,
        requestId,
        points: err.charged,
        chargeUnknown: maybeCharged || undefined,
        rawBody: err instanceof GatewayTransportError ? err.rawBody : undefined,
      };
      const delay =
        err.retryable && !maybeCharged && attempt < retry.attempts
          ? backoffDelay(
              retry,
              attempt,
              random,
              err instanceof GatewayTransportError ? err.retryAfterSec : undefined,
            )
          : undefined;
      if (delay === undefined) {
        options.onOutcome?.({
          ...{ operation: op, code: String(err.code ?? err.kind), durationMs: now() - started },
          ...{ context: ctx, input: valid, points: err.charged },
        });
        log.warn(logged, 'gateway call failed');
        throw err;
      }
      log.info({ ...logged, retryInMs: delay }, 'gateway call failed, retrying');
      await sleep(delay);
    }
  }

  return {
    sandbox,
    baseUrl: options.baseUrl,
    validate,
    call,
    depth() {
      const names = Object.keys(operations) as OperationName[];
      return Object.fromEntries(names.map((n) => [n, limiter.depth(n)])) as Record<
        OperationName,
        QueueDepth
      >;
    },
    limiterState: () => limiter.state(),
    async reachable() {
      try {
        const res = await request(options.baseUrl, {
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
    },
    onCharge(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (!options.limiter) await limiter.close();
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}
