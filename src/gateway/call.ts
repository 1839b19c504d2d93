import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { backoffDelay, type RetryPolicy } from './backoff.js';
import type { CallContext, ChargeEvent } from './charges.js';
import {
  GatewayBusyError,
  type GatewayError,
  GatewayInputError,
  GatewayTransportError,
} from './errors.js';
import { type Interpreted, interpretAnswer } from './interpret.js';
import { LimiterBusy, type OperationLimiter, type Priority, type QueuedInfo } from './limiter.js';
import type { AnyOperationDef, OperationName } from './operation.js';
import { operations } from './operations/index.js';
import { isTransportFailure, send, type TransportTimeouts } from './transport.js';

type Ops = typeof operations;
export type Name = keyof Ops & OperationName;
export type In<K extends Name> = z.input<Ops[K]['input']>;
export type Out<K extends Name> = ReturnType<Ops[K]['parse']>;

export interface CallOptions {
  /** Interactive (a person waits; the default) or background (watchers, exports). */
  priority?: Priority;
  /** Told once if the first attempt has to wait behind others for the gateway's rate. */
  onQueued?: (info: QueuedInfo) => void;
  /**
   * Asked as each attempt is about to leave, after its wait at the limiter: false withdraws the
   * call unsent (`CallWithdrawn`). Background work whose lease may have gone while it waited
   * (another replica may be checking the same row) must not pay for a second check.
   */
  mayStillSend?: () => boolean;
}

/**
 * A call withdrawn before it left (`CallOptions.mayStillSend`): nothing was sent or charged. Not a
 * GatewayError: no person ever sees it, only the background work that asked for it.
 */
export class CallWithdrawn extends Error {
  constructor(
    readonly operation: string,
    readonly requestId: string,
  ) {
    super(`${operation} withdrawn before it was sent`);
    this.name = 'CallWithdrawn';
  }
}

export interface GatewayAnswer<T> {
  data: T;
  /** Points charged (or, for a refund, returned) by the answer that succeeded. */
  points: number;
  kind: 'charge' | 'refund';
  requestId: string;
  attempts: number;
  durationMs: number;
  /**
   * From the moment the answering attempt's request left (after its wait at the limiter) to the
   * answer's return, its charge reported: what a schedule counted from the send leaves out.
   */
  sinceSentMs?: number;
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
  /** The call left but no answer said what it cost (see ChargeEvent.chargeUnknown). */
  chargeUnknown?: boolean;
}

/** What one client brings to each of its calls. */
export interface CallParts {
  baseUrl: string;
  timeZone: string;
  sandbox: boolean;
  dispatcher: Dispatcher;
  timeouts: TransportTimeouts;
  limiter: OperationLimiter;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
  log: Logger;
  /** Tells every charge listener; never throws (the answer is already paid for). */
  report(event: ChargeEvent): Promise<void>;
  onOutcome?: (e: CallOutcome) => void;
}

/** One call as its attempts see it. */
interface Call<K extends Name> {
  op: K;
  operation: AnyOperationDef;
  valid: z.output<Ops[K]['input']>;
  wire: ReturnType<AnyOperationDef['toWire']>;
  ctx: CallContext & { requestId: string };
  options: CallOptions;
  started: number;
  /** When the latest attempt's request left (`now()`), once it has. */
  sentAt?: number;
}

function def(op: Name): AnyOperationDef {
  return operations[op] as AnyOperationDef;
}

/** Applies the operation's rules; throws GatewayInputError, sends nothing. */
export function validateInput<K extends Name>(
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

/**
 * One operation, validated, sent through the limiter and retried while the failure is
 * retryable and the call cannot have been charged; its charge reported before it resolves.
 */
export async function callOperation<K extends Name>(
  p: CallParts,
  op: K,
  input: In<K>,
  context: CallContext,
  options: CallOptions = {},
): Promise<GatewayAnswer<Out<K>>> {
  const requestId = context.requestId ?? randomUUID();
  const ctx = { ...context, requestId };
  const valid = validateInput(op, input, requestId);
  const operation = def(op);
  const wire = operation.toWire(valid as never);
  const call: Call<K> = { op, operation, valid, wire, ctx, options, started: p.now() };
  for (let attempt = 1; ; attempt++) {
    const t0 = p.now();
    const result = await attemptOnce(p, call, attempt);
    const durationMs = p.now() - t0;
    if (!(result instanceof Error)) return succeeded(p, call, result, attempt, durationMs);
    const delay = await failed(p, call, result, attempt, durationMs);
    await p.sleep(delay);
  }
}

/** One attempt: the answer interpreted, or the failure it came to (a full queue throws). */
async function attemptOnce<K extends Name>(
  p: CallParts,
  c: Call<K>,
  attempt: number,
): Promise<Interpreted<Out<K>>> {
  const { op, operation, ctx } = c;
  const { requestId } = ctx;
  try {
    const schedule = {
      op,
      token: ctx.token,
      priority: c.options.priority,
      onQueued: attempt === 1 ? c.options.onQueued : undefined,
    };
    const raw = await p.limiter.schedule(schedule, (onCounted) => {
      // Its slot in the rate window stays used: withdrawing is rare, and never over the limit.
      if (c.options.mayStillSend?.() === false) throw new CallWithdrawn(op, requestId);
      c.sentAt = p.now();
      return send({
        dispatcher: p.dispatcher,
        baseUrl: p.baseUrl,
        method: operation.method,
        path: operation.path,
        encoding: operation.encoding,
        wire: c.wire,
        token: ctx.token,
        requestId,
        timeouts: p.timeouts,
        onCounted,
      });
    });
    return (await interpretAnswer({
      operation,
      input: c.valid,
      raw,
      ctx,
      timeZone: p.timeZone,
      now: p.now,
      report: p.report,
    })) as Interpreted<Out<K>>;
  } catch (cause) {
    if (cause instanceof LimiterBusy) {
      p.log.warn(
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
    return new GatewayTransportError({
      operation: op,
      requestId,
      kind: cause.kind,
      cause: cause.cause,
      chargeUnknown: cause.sent,
    });
  }
}

function succeeded<K extends Name>(
  p: CallParts,
  c: Call<K>,
  result: Exclude<Interpreted<Out<K>>, Error>,
  attempt: number,
  durationMs: number,
): GatewayAnswer<Out<K>> {
  const { op, ctx } = c;
  p.onOutcome?.({
    ...{ operation: op, code: '0', durationMs: p.now() - c.started },
    ...{ context: ctx, input: c.valid, points: result.points },
  });
  p.log.info(
    {
      op,
      code: 0,
      attempt,
      durationMs,
      requestId: ctx.requestId,
      points: result.points,
      kind: result.kind,
    },
    'gateway call',
  );
  return {
    data: result.out,
    points: result.points,
    kind: result.kind,
    requestId: ctx.requestId,
    attempts: attempt,
    durationMs: p.now() - c.started,
    sinceSentMs: p.now() - (c.sentAt ?? c.started),
    sandbox: p.sandbox,
  };
}

/** A failed attempt: how long to wait before the next one, or the error thrown when none. */
async function failed<K extends Name>(
  p: CallParts,
  c: Call<K>,
  err: GatewayError,
  attempt: number,
  durationMs: number,
): Promise<number> {
  const { op, ctx } = c;
  const { requestId } = ctx;
  // A paid call that may have been charged is never sent again: it is recorded as "maybe
  // charged" instead. A free call, or a failure that proves nothing was served, is retried.
  const maybeCharged =
    c.operation.paid && err instanceof GatewayTransportError && err.chargeUnknown;
  if (maybeCharged) {
    await p.report({
      operation: op,
      workspaceId: ctx.workspaceId,
      userId: ctx.userId,
      channelId: ctx.channelId,
      requestId,
      points: 0,
      kind: 'charge',
      gatewayCode: -1,
      chargeUnknown: true,
      origin: ctx.origin,
      dailyBudget: ctx.dailyBudget,
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
    bodyExcerpt: err instanceof GatewayTransportError ? err.bodyExcerpt : undefined,
  };
  const delay =
    err.retryable && !maybeCharged && attempt < p.retry.attempts
      ? backoffDelay(
          p.retry,
          attempt,
          p.random,
          err instanceof GatewayTransportError ? err.retryAfterSec : undefined,
        )
      : undefined;
  if (delay === undefined) {
    p.onOutcome?.({
      ...{ operation: op, code: String(err.code ?? err.kind), durationMs: p.now() - c.started },
      ...{ context: ctx, input: c.valid, points: err.charged },
      ...(maybeCharged ? { chargeUnknown: true } : {}),
    });
    p.log.warn(logged, 'gateway call failed');
    throw err;
  }
  p.log.info({ ...logged, retryInMs: delay }, 'gateway call failed, retrying');
  return delay;
}
