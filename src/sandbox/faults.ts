import type { IncomingMessage, ServerResponse } from 'node:http';
import { rngFor } from './seed/rng.js';

/**
 * Faults a real gateway shows, injected before the request reaches the operation: none of them
 * is charged, so the sandbox's own ledger still holds exactly what was answered with code 0.
 */
export const FAULT_KINDS = ['101', '202', '5xx', 'reset', 'malformed', 'stall'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Share of requests that get a fault, 0..1. */
  rate: number;
  /** Which faults, drawn evenly. Default: all of FAULT_KINDS. */
  kinds?: readonly FaultKind[];
  /** How long a `stall` holds the request before dropping the connection. Default 10000. */
  stallMs?: number;
  /** [0, 1) draws; default a stream of the sandbox's seed, so a run can be repeated. */
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

export function createFaultInjector(seed: number, initial?: FaultOptions): FaultInjector {
  let options = initial;
  const stream = rngFor(seed, 'faults');
  const counts = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>;
  return {
    draw() {
      if (!options || options.rate <= 0) return undefined;
      const random = options.random ?? stream.next;
      if (random() >= options.rate) return undefined;
      const kinds = options.kinds?.length ? options.kinds : FAULT_KINDS;
      return kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))];
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
    },
  };
}
