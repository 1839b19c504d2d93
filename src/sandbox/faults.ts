import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Faults a real gateway shows, injected before the request reaches the operation: none of them
 * is charged, so the sandbox's own ledger still holds exactly what was answered with code 0.
 */
export const FAULT_KINDS = ['101', '202', '5xx', 'reset', 'malformed', 'stall'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Share of requests that get a fault, 0..1. */
  rate: number;
  /** Which faults, taken in turn (so a short run still sees each). Default: all of FAULT_KINDS. */
  kinds?: readonly FaultKind[];
  /** How long a `stall` holds the request before dropping the connection. Default 10000. */
  stallMs?: number;
  /**
   * [0, 1) draws deciding which requests fail. Default: none, and faults are spread evenly
   * (exactly `rate` of any run of requests, every 1/rate-th one), so a short drill still gets
   * its share.
   */
  random?: () => number;
}

export interface FaultInjector {
  /** The fault for this request, if one is drawn. */
  draw(): FaultKind | undefined;
  /** Answers (or drops) the request with that fault. */
  apply(kind: FaultKind, req: IncomingMessage, res: ServerResponse, nowSec: number): void;
  counts(): Record<FaultKind, number>;
  set(options: FaultOptions | undefined): void;
}

function envelope(res: ServerResponse, status: number, code: number, msg: string, time: number) {
  const body = JSON.stringify({ code, msec: 0, msg, time, data: '' });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...(status === 429 ? { 'retry-after': '1' } : {}),
  });
  res.end(body);
}

export function createFaultInjector(initial?: FaultOptions): FaultInjector {
  let options = initial;
  let drawn = 0;
  let seen = 0;
  let given = 0;
  const counts = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  return {
    draw() {
      if (!options || options.rate <= 0) return undefined;
      if (options.random) {
        if (options.random() >= options.rate) return undefined;
      } else {
        // The n-th request is faulted when floor(n × rate) steps up (no float drift over a run).
        seen += 1;
        if (Math.floor(seen * options.rate + 1e-9) <= given) return undefined;
        given += 1;
      }
      const kinds = options.kinds?.length ? options.kinds : FAULT_KINDS;
      return kinds[drawn++ % kinds.length];
    },
    apply(kind, req, res, nowSec) {
      counts[kind] += 1;
      req.resume();
      switch (kind) {
        case '101':
          return envelope(res, 200, 101, 'request timed out', nowSec);
        case '202':
          return envelope(res, 429, 202, 'system error, try later', nowSec);
        case '5xx':
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<html><body>502 Bad Gateway</body></html>');
          return;
        case 'reset':
          req.socket.destroy();
          return;
        case 'malformed': {
          const body = `{"code":0,"msec":3,"msg":"success","time":${nowSec},"data":{"order_`;
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(body);
          return;
        }
        case 'stall': {
          const timer = setTimeout(() => req.socket.destroy(), options?.stallMs ?? 10_000);
          req.socket.once('close', () => clearTimeout(timer));
          return;
        }
      }
    },
    counts: () => ({ ...counts }),
    set(next) {
      options = next;
      seen = 0;
      given = 0;
    },
  };
}
