import type { IncomingMessage, Server, ServerOptions } from 'node:http';

/**
 * What one HTTP request may cost the bot. Slack's payloads are a few kilobytes (a view submission
 * with long inputs stays well under 1 MB), so 2 MB is refused with a 413 before more is buffered;
 * a client that takes over 10 s to send its headers or its body is dropped; at most this many
 * sockets are open at once (Slack keeps a handful; the rest are someone else's).
 */
export interface HttpLimits {
  bodyLimitBytes: number;
  /** Bytes of bodies held at once over every request being read (read-body.ts, BodyBudget). */
  bodyBudgetBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  /** How often Node looks for connections past those timeouts. */
  checkIntervalMs: number;
}

export const HTTP_LIMITS: HttpLimits = {
  bodyLimitBytes: 2 * 1024 * 1024,
  // Slack's requests are a few kilobytes: a burst of 300 holds about 1 MB. A request whose bytes
  // would take the bodies held past this gets 503 (Slack retries it).
  bodyBudgetBytes: 32 * 1024 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 10_000,
  // Room for a burst of several hundred commands at once, each on its own connection (300 at once
  // is the load goal); slow or idle clients are dropped by the timeouts above, not by this cap.
  maxConnections: 1024,
  checkIntervalMs: 1_000,
};

/** Options for `http.createServer`: the timeouts are checked from the first connection on. */
export function serverOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.checkIntervalMs,
    keepAliveTimeout: 5_000,
  };
}

/** Limits on a server created elsewhere (Socket Mode's health server); timeouts apply at once. */
export function applyServerLimits(server: Server, limits: HttpLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;
}

/** Slack's own rule: a request signed more than 5 minutes from now, in either direction, is refused. */
export const MAX_CLOCK_SKEW_S = 5 * 60;

/**
 * True when the request carries a timestamp more than 5 minutes in the future. Bolt refuses stale
 * ones (the past) itself; a future one would otherwise be accepted, and a captured request signed
 * ahead of time could be replayed for as long as the attacker likes.
 */
export function signedInTheFuture(req: IncomingMessage, nowMs: number): boolean {
  const raw = req.headers['x-slack-request-timestamp'];
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return false;
  return Number(raw) - Math.floor(nowMs / 1000) > MAX_CLOCK_SKEW_S;
}
