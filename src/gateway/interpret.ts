import { maskPhonesInText } from '../logger.js';
import { parseRetryAfter } from './backoff.js';
import type { CallContext, ChargeEvent } from './charges.js';
import { chargeOf, Envelope } from './envelope.js';
import { apiErrorFrom, type GatewayError, GatewayTransportError } from './errors.js';
import { parseJsonKeepingLongIntegers } from './json.js';
import type { AnyOperationDef } from './operation.js';
import type { RawResponse } from './transport.js';

const RAW_BODY_LOG_LIMIT = 2_000;

export type Interpreted<Out> =
  | { out: Out; points: number; kind: 'charge' | 'refund'; code: number }
  | GatewayError;

/**
 * One answered HTTP exchange → the normalised output, or the error it means. The charge the
 * answer carried is reported (and awaited) before this returns, whatever the outcome.
 */
export async function interpretAnswer(a: {
  operation: AnyOperationDef;
  input: unknown;
  raw: RawResponse;
  ctx: CallContext & { requestId: string };
  timeZone: string;
  now: () => number;
  report: (event: ChargeEvent) => Promise<void>;
}): Promise<Interpreted<unknown>> {
  const { operation, raw, ctx } = a;
  const base = { operation: operation.name, requestId: ctx.requestId, httpStatus: raw.status };
  // Kept for the log only (never shown in Slack), with phone numbers masked; errors only.
  const bodyExcerpt = () => maskPhonesInText(raw.body.slice(0, RAW_BODY_LOG_LIMIT));
  if (raw.status === 429) {
    const retryAfterSec = parseRetryAfter(raw.headers['retry-after'], a.now());
    return new GatewayTransportError({
      ...base,
      kind: 'rate-limited',
      bodyExcerpt: bodyExcerpt(),
      retryAfterSec,
    });
  }
  if (raw.status >= 500)
    return new GatewayTransportError({
      ...base,
      kind: 'http',
      bodyExcerpt: bodyExcerpt(),
      chargeUnknown: true,
    });
  const unreadable = (cause: unknown) =>
    new GatewayTransportError({
      ...base,
      kind: raw.status >= 400 ? 'http' : 'bad-response',
      bodyExcerpt: bodyExcerpt(),
      cause,
      // A refused request (4xx) was not served; a 2xx without an envelope may have been.
      chargeUnknown: raw.status < 400,
    });
  let json: unknown;
  try {
    json = parseJsonKeepingLongIntegers(raw.body);
  } catch (cause) {
    return unreadable(cause);
  }
  const env = Envelope.safeParse(json);
  if (!env.success) return unreadable(env.error);

  const { code, msg, data } = env.data;
  const points = chargeOf(data);
  const charge = (kind: 'charge' | 'refund') =>
    a.report({
      operation: operation.name,
      workspaceId: ctx.workspaceId,
      userId: ctx.userId,
      channelId: ctx.channelId,
      requestId: ctx.requestId,
      points,
      kind,
      gatewayCode: code,
      qrSessionId: kind === 'refund' ? operation.refundKey?.(a.input as never) : undefined,
      origin: ctx.origin,
      dailyBudget: ctx.dailyBudget,
    });
  if (code !== 0) {
    await charge('charge');
    const err = apiErrorFrom({ ...base, code, msg, data });
    err.charged = points;
    return err;
  }
  let out: unknown;
  try {
    out = operation.parse(data, { timeZone: a.timeZone });
  } catch (cause) {
    await charge('charge');
    const err = new GatewayTransportError({
      ...base,
      kind: 'bad-response',
      bodyExcerpt: bodyExcerpt(),
      cause,
    });
    err.charged = points;
    return err;
  }
  const kind = operation.chargeKind?.(out as never) ?? 'charge';
  await charge(kind);
  return { out, points, kind, code };
}
