/** How far each poll reaches back before the previous one: absorbs clock skew and late confirmations. */
export const OVERLAP_MS = 3 * 60_000;
/** Every poll asks for pages of the gateway's largest size. */
export const POLL_PAGE_SIZE = 100;
/** Failed polls in a row after which the subscription message says what is wrong. */
export const FAILURES_TOLD = 3;
/** Longest wait between failed polls, however many failed. */
const MAX_BACKOFF_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** Polls a day at `intervalMs`: a day divided by the interval, rounded down. */
export function pollsPerDay(intervalMs: number): number {
  return Math.floor(DAY_MS / intervalMs);
}

/** The next poll: one interval after `from`, moved by up to ±10 % (`random` in [0, 1)). */
export function nextPollAt(from: number, intervalMs: number, random: number): number {
  return from + Math.round(intervalMs * (0.9 + 0.2 * random));
}

/**
 * After the `failures`-th failed poll in a row: the interval doubled per failure, at most an hour
 * (never less than one interval), jittered like any poll.
 */
export function backoffPollAt(
  from: number,
  intervalMs: number,
  failures: number,
  random: number,
): number {
  const wait = Math.max(intervalMs, Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** (failures - 1)));
  return nextPollAt(from, wait, random);
}

/**
 * Where a poll starting at `now` asks from: the previous poll's start minus the overlap, never
 * before the Subscribe click (nothing older is posted anyway).
 */
export function pollWindowStart(startedAt: number, polledTo: number | null): number {
  return polledTo === null ? startedAt : Math.max(startedAt, polledTo - OVERLAP_MS);
}
