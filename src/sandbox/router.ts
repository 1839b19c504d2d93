import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Answer, type HandlerContext, type HandlerRequest, ParamError } from './answer.js';
import { formFields, jsonBody, queryFields, readBody } from './body.js';
import type { Ledger } from './ledger.js';
import type { RateLimiter } from './rate-limiter.js';
import { findOp, ROUTES } from './routes.js';
import type { RequestRecord, SandboxOp } from './types.js';

export interface Envelope {
  code: number;
  msec: number;
  msg: string;
  /** epoch seconds */
  time: number;
  data: unknown;
}

export interface Reply {
  httpStatus: number;
  headers: Record<string, string>;
  envelope: Envelope;
}

export interface RouterDeps {
  clock: () => number;
  ledger: Ledger;
  limiter: RateLimiter;
  tokens?: ReadonlySet<string>;
  log: (record: RequestRecord) => void;
  context: (now: number) => HandlerContext;
}

function bearer(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  return m?.[1]?.trim() || undefined;
}

async function toRequest(req: IncomingMessage, url: URL, op: SandboxOp): Promise<HandlerRequest> {
  const kind = ROUTES[op].body;
  if (kind === 'query') return { fields: queryFields(url.searchParams), json: undefined };
  const raw = await readBody(req);
  if (kind === 'form') {
    return { fields: await formFields(req.headers['content-type'], raw), json: undefined };
  }
  return { fields: {}, json: jsonBody(raw) };
}

/** The fields that name what a request asks about, for the request log (`subject`). */
const SUBJECT_FIELDS = ['session_id', 'order_number', 'owner_id'] as const;

/** A token's fingerprint for the request log: enough to tell tokens apart, never the token. */
const tokenTag = (token: string | undefined) =>
  token ? createHash('sha256').update(token).digest('hex').slice(0, 12) : null;

/**
 * Order of checks: path and method (404), bearer token (401), rate limit (HTTP 429, code 202),
 * parameters (100), then the operation. Only code-0 answers are booked in the ledger.
 */
async function decide(
  req: IncomingMessage,
  url: URL,
  op: SandboxOp | undefined,
  deps: RouterDeps,
  now: number,
): Promise<{ answer: Answer; httpStatus: number; subject?: string }> {
  if (!op)
    return {
      answer: { code: 404, msg: 'request path or method is wrong', data: '' },
      httpStatus: 200,
    };
  deps.ledger.call(op);
  const token = bearer(req.headers.authorization);
  if (!token || (deps.tokens && !deps.tokens.has(token))) {
    return { answer: { code: 401, msg: 'identity credential invalid', data: '' }, httpStatus: 200 };
  }
  if (!deps.limiter.admit(`${op}\u0000${token}`, now)) {
    return { answer: { code: 202, msg: 'rate limited', data: '' }, httpStatus: 429 };
  }
  try {
    const request = await toRequest(req, url, op);
    const subject = SUBJECT_FIELDS.map((f) => request.fields[f]).find((v) => v !== undefined);
    return { answer: ROUTES[op].handle(request, deps.context(now)), httpStatus: 200, subject };
  } catch (err) {
    if (err instanceof ParamError)
      return { answer: { code: 100, msg: err.message, data: '' }, httpStatus: 200 };
    throw err;
  }
}

export async function route(req: IncomingMessage, deps: RouterDeps): Promise<Reply> {
  const started = deps.clock();
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const op = findOp(method, url.pathname);
  const { answer, httpStatus, subject } = await decide(req, url, op, deps, started);
  if (op && answer.code === 0) {
    if (answer.charged) deps.ledger.charge(op, answer.charged);
    if (answer.refunded) deps.ledger.refund(op, answer.refunded);
  }
  deps.log({
    op: op ?? null,
    at: started,
    method,
    path: url.pathname,
    httpStatus,
    code: answer.code,
    tokenTag: tokenTag(bearer(req.headers.authorization)),
    subject: subject ?? null,
  });
  const finished = deps.clock();
  return {
    httpStatus,
    headers: httpStatus === 429 ? { 'retry-after': '1' } : {},
    envelope: {
      code: answer.code,
      msec: Math.max(0, Math.round(finished - started)),
      msg: answer.msg,
      time: Math.floor(finished / 1000),
      data: answer.data,
    },
  };
}
