import type { Config } from '../../config.js';

/** Web API retry policy chosen on purpose: see slackClientOptions. */
export const SLACK_RETRY = { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 3_000 } as const;

/** One Web API call never waits longer than this: a hung call must not hold a QR lease or shutdown. */
export const SLACK_CALL_TIMEOUT_MS = 10_000;

/**
 * The Web API client never pauses its whole queue on a 429 (the library default would, for about
 * 30 minutes): rate-limited calls are rejected at once, and the few callers that must land (QR
 * status edits) wait the Retry-After themselves. Other failures retry twice within ~4 s; each
 * attempt is abandoned after SLACK_CALL_TIMEOUT_MS.
 */
export function slackClientOptions(config: Pick<Config, 'slackApiUrl'>) {
  return {
    slackApiUrl: config.slackApiUrl,
    retryConfig: { ...SLACK_RETRY },
    rejectRateLimitedCalls: true,
    timeout: SLACK_CALL_TIMEOUT_MS,
  };
}
