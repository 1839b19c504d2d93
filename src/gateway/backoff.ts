/** Retry policy: at most `attempts` tries, exponential backoff with full jitter, bounded. */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  capMs: number;
  /** A Retry-After longer than this is not waited for: the error surfaces instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 3,
  baseMs: 250,
  capMs: 4_000,
  maxRetryAfterMs: 10_000,
};

/**
 * Delay before try number `attempt + 1`, or undefined when the server asks for longer than we
 * are willing to hold a person waiting.
 */
export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  random: () => number,
  retryAfterSec?: number,
): number | undefined {
  const jittered = Math.floor(
    random() * Math.min(policy.capMs, policy.baseMs * 2 ** (attempt - 1)),
  );
  if (retryAfterSec === undefined) return jittered;
  const asked = retryAfterSec * 1000;
  if (asked > policy.maxRetryAfterMs) return undefined;
  return Math.max(asked, jittered);
}

/** Retry-After in seconds (delta form or HTTP date), or undefined. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  nowMs: number,
): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
