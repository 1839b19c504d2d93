import { slackRetryAfter } from './slack-errors.js';

/** The longest Slack Retry-After a person-facing post waits before the failure is shown instead. */
export const MAX_SLACK_WAIT_MS = 10_000;

/**
 * One Slack call that a person is waiting on: a 429 delays only this call, once, for at most
 * `maxWaitMs`; a longer wait, or a second 429, is thrown for the caller to log and show.
 */
export async function withSlackRateLimit<T>(
  call: () => Promise<T>,
  opts: { maxWaitMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const after = slackRetryAfter(err);
    const waitMs = after === undefined ? undefined : after * 1000;
    if (waitMs === undefined || waitMs > (opts.maxWaitMs ?? MAX_SLACK_WAIT_MS)) throw err;
    await (opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(waitMs);
    return call();
  }
}
