import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerNoBody } from './http-answers.js';

const EMPTY = Buffer.alloc(0);

/** Why a body was not read: over the limit, the client gone, or the budget of all bodies spent. */
export type ReadFailure = 'too-large' | 'aborted' | 'busy';

/**
 * Bytes of request bodies held at once, over every request being read: without it, 1,024
 * connections each sending just under the 2 MB limit would be 2 GB in memory before any check.
 */
export class BodyBudget {
  private used = 0;

  constructor(readonly maxBytes: number) {}

  /** Takes `bytes` from the budget; false (nothing taken) when they do not fit. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }

  held(): number {
    return this.used;
  }
}

/**
 * The body's bytes, handed to `done` once they are all in; or why they never will be: `too-large`
 * past `limit` (nothing more is kept), `aborted` when the client went away first. Bolt's own
 * reader (raw-body) does the same through a promise and half a dozen listeners per request;
 * under a burst of 200 commands that was a tenth of the ack path's time.
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  done: (failure: ReadFailure | undefined, raw: Buffer) => void,
  budget?: BodyBudget,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (failure: ReadFailure | undefined) => {
    if (settled) return;
    settled = true;
    req.removeListener('data', onData);
    budget?.give(size);
    done(failure, failure ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  };
  const onData = (chunk: Buffer) => {
    if (size + chunk.length > limit) return settle('too-large');
    if (budget && !budget.take(chunk.length)) return settle('busy');
    size += chunk.length;
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.once('end', () => settle(undefined));
  // 'close' before 'end': the client went away (Node also emits 'error' then; it is answered here).
  req.once('close', () => settle('aborted'));
  req.on('error', () => settle('aborted'));
}

/**
 * The checks that need no body, in front of reading one: a body announced over the limit gets
 * 413 at once (never buffered), and one signed more than 5 minutes in the future gets 401.
 * Undefined: read the body.
 */
export function refusedUnread(
  req: IncomingMessage,
  limit: number,
  nowMs: number,
  future: (req: IncomingMessage, nowMs: number) => boolean,
): 401 | 413 | undefined {
  if (Number(req.headers['content-length'] ?? 0) > limit) return 413;
  return future(req, nowMs) ? 401 : undefined;
}

/** How long the rest of a refused body is read and dropped before its connection is cut. */
export const REFUSED_BODY_DRAIN_MS = 1_000;

/**
 * A body that was not read, answered: 413 past the limit, 503 while the budget of all bodies is
 * spent, 401 when the client went away first. A client still sending meets its answer first: the
 * rest of the body is read and dropped (nothing kept) for REFUSED_BODY_DRAIN_MS, then the
 * connection is cut. Closing at once made a client still writing see a broken pipe (EPIPE) or a
 * reset instead of the 413.
 */
export function answerUnread(
  failure: ReadFailure,
  res: ServerResponse,
  logger: { warn(obj: object, msg: string): void },
): void {
  logger.warn({ failure }, 'request body not read');
  if (res.headersSent || res.destroyed) return;
  answerNoBody(res, failure === 'too-large' ? 413 : failure === 'busy' ? 503 : 401);
  if (failure === 'aborted') return;
  const { req } = res;
  if (req.complete) return;
  const cut = setTimeout(() => req.destroy(), REFUSED_BODY_DRAIN_MS);
  cut.unref();
  req.once('close', () => clearTimeout(cut));
  req.resume();
}
