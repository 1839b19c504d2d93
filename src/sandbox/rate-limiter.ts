/**
 * Sliding-log limiter: at most `limit` admitted requests per key in any window of `windowMs`
 * (half-open: a request at t counts against those after t - windowMs). Refused requests are not
 * logged, so a client that backs off is served again one window after its earliest admitted call.
 */
export interface RateLimiter {
  admit(key: string, now: number): boolean;
}

export function createRateLimiter(limit: number, windowMs = 1000): RateLimiter {
  const logs = new Map<string, number[]>();
  return {
    admit(key, now) {
      const log = (logs.get(key) ?? []).filter((t) => t > now - windowMs);
      const ok = log.length < limit;
      if (ok) log.push(now);
      logs.set(key, log);
      return ok;
    },
  };
}
