import { Agent, type Dispatcher, FormData, request } from 'undici';
import type { Encoding, WireObject, WireValue } from './operation.js';
import { withSentSignal } from './sent-signal.js';

export interface TransportTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: TransportTimeouts = {
  connectMs: 5_000,
  headersMs: 10_000,
  bodyMs: 10_000,
};

/** A long-lived keep-alive agent; one per process. */
export function createDispatcher(timeouts: TransportTimeouts = DEFAULT_TIMEOUTS): Dispatcher {
  return new Agent({
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connections: 32,
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type TransportFailure = {
  /** `too-large`: the body passed MAX_BODY_BYTES while streaming; the rest was never read. */
  kind: 'timeout' | 'connection' | 'too-large';
  detail: string;
  cause: unknown;
  /** False only when the request certainly never reached the gateway (no connection was made). */
  sent: boolean;
};

/** Failures that happen before a connection exists, so before any byte of the request left. */
const NOT_SENT =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;

/** The most of a response body read; a longer one is cut off mid-stream, never buffered whole. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Reads a body chunk by chunk and stops at `limit` bytes, closing the stream: a broken gateway
 * streaming without end costs at most `limit` bytes of memory, not whatever it sends.
 */
async function readLimited(body: Dispatcher.ResponseData['body'], limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buf.length;
    if (total > limit) {
      body.destroy();
      throw {
        kind: 'too-large',
        detail: `response body over ${limit} bytes`,
        cause: undefined,
        sent: true,
      } satisfies TransportFailure;
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks, total);
}

function scalar(v: WireValue): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function encode(
  encoding: Encoding,
  wire: WireObject,
): { query?: string; body?: string | FormData; contentType?: string } {
  if (encoding === 'json') {
    // Absent optional fields are left out rather than sent as null.
    return {
      body: JSON.stringify(wire, (_k, v) => (v === undefined ? undefined : v)),
      contentType: 'application/json',
    };
  }
  const pairs = Object.entries(wire).flatMap(([k, v]) => {
    const s = scalar(v);
    return s === undefined ? [] : [[k, s] satisfies [string, string]];
  });
  if (encoding === 'query') return { query: new URLSearchParams(pairs).toString() };
  const form = new FormData();
  for (const [k, v] of pairs) form.append(k, v);
  return { body: form };
}

/**
 * How long after a request was written the gateway is taken to have counted it, if its answer has
 * not begun to arrive by then. The gateway counts a request when it takes it in, before it
 * answers; a busy gateway takes in what arrived while it was busy late, all at once. Counting
 * until the answer covers any such delay; this bound keeps a slow answer (2.5 s) from holding its
 * place that long, at the cost of covering a gateway's delays up to this much only.
 */
export const COUNTED_WITHIN_MS = 250;

/** One HTTP exchange. Resolves with whatever status came back; rejects only with a TransportFailure. */
export async function send(params: {
  dispatcher: Dispatcher;
  baseUrl: string;
  method: 'GET' | 'POST';
  path: string;
  encoding: Encoding;
  wire: WireObject;
  token: string;
  requestId: string;
  timeouts: TransportTimeouts;
  /**
   * Called once the gateway has surely counted the request (see COUNTED_WITHIN_MS): when its
   * answer begins to arrive, or COUNTED_WITHIN_MS after the request was written, if sooner.
   */
  onCounted?: () => void;
}): Promise<RawResponse> {
  const { query, body, contentType } = encode(params.encoding, params.wire);
  const url = new URL(
    params.path.replace(/^\//, ''),
    params.baseUrl.endsWith('/') ? params.baseUrl : `${params.baseUrl}/`,
  );
  if (query) url.search = query;
  const headers: Record<string, string> = {
    authorization: `Bearer ${params.token}`,
    accept: 'application/json',
    'x-request-id': params.requestId,
  };
  if (contentType) headers['content-type'] = contentType;
  let timer: NodeJS.Timeout | undefined;
  const counted = () => {
    clearTimeout(timer);
    params.onCounted?.();
  };
  const written = () => {
    timer = setTimeout(counted, COUNTED_WITHIN_MS);
  };
  try {
    const res = await withSentSignal(written, () =>
      request(url, {
        dispatcher: params.dispatcher,
        method: params.method,
        headers,
        body,
        headersTimeout: params.timeouts.headersMs,
        bodyTimeout: params.timeouts.bodyMs,
        // undici's own timers are coarse (about a second); this deadline is exact.
        signal: AbortSignal.timeout(params.timeouts.headersMs + params.timeouts.bodyMs),
      }),
    );
    counted();
    const buf = await readLimited(res.body, MAX_BODY_BYTES);
    return { status: res.statusCode, headers: res.headers, body: buf.toString('utf8') };
  } catch (cause) {
    throw isTransportFailure(cause) ? cause : classify(cause);
  } finally {
    clearTimeout(timer);
  }
}

function classify(cause: unknown): TransportFailure {
  const code =
    (cause as { code?: string })?.code ??
    (cause as { cause?: { code?: string } })?.cause?.code ??
    '';
  const detail = `${code} ${(cause as Error)?.message ?? String(cause)}`.trim();
  return {
    kind: /TIMEOUT|ETIMEDOUT|AbortError|aborted/i.test(
      `${code} ${(cause as Error)?.name} ${detail}`,
    )
      ? 'timeout'
      : 'connection',
    detail,
    cause,
    sent: !NOT_SENT.test(code),
  };
}

export function isTransportFailure(e: unknown): e is TransportFailure {
  return typeof e === 'object' && e !== null && 'kind' in e && 'detail' in e && 'cause' in e;
}
