/** A failed Web API call, sorted by what the caller should do about it. */
export type SlackFailure =
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'not-in-channel'; error: string }
  | { kind: 'platform'; error: string }
  | { kind: 'other'; error: string };

const MISSING_CHANNEL = new Set(['not_in_channel', 'channel_not_found', 'is_archived']);

function field(err: unknown, key: string): unknown {
  return typeof err === 'object' && err !== null ? Reflect.get(err, key) : undefined;
}

/** Reads the error shapes @slack/web-api throws (with `rejectRateLimitedCalls` for 429). */
export function slackFailure(err: unknown): SlackFailure {
  const code = field(err, 'code');
  if (code === 'slack_webapi_rate_limited_error') {
    const seconds = Number(field(err, 'retryAfter'));
    return { kind: 'rate-limited', retryAfterMs: Number.isFinite(seconds) ? seconds * 1000 : 1000 };
  }
  if (code === 'slack_webapi_platform_error') {
    const error = String(field(field(err, 'data'), 'error') ?? 'unknown_error');
    return MISSING_CHANNEL.has(error)
      ? { kind: 'not-in-channel', error }
      : { kind: 'platform', error };
  }
  return { kind: 'other', error: err instanceof Error ? err.message : String(err) };
}

/** The Slack error code of a failed Web API call (`not_in_channel`), if it carries one. */
export function slackErrorCode(err: unknown): string | undefined {
  const failure = slackFailure(err);
  return failure.kind === 'platform' || failure.kind === 'not-in-channel'
    ? failure.error
    : undefined;
}

/** Errors no retry can fix: someone must invite the bot or fix the channel id. */
export function isUnreachableChannel(code: string | undefined): boolean {
  return code !== undefined && MISSING_CHANNEL.has(code);
}

/** The workspace's token no longer works: the app was removed or the token revoked. */
const TOKEN_GONE = new Set(['account_inactive', 'invalid_auth', 'token_revoked']);

/**
 * Why no retry of a post can ever succeed, when that is so: the channel is gone for the bot
 * (`channel`: not found, archived, the bot not in it) or the workspace's token is (`token`).
 * Work that posts there (subscriptions, watches, exports) ends on it, as the channel and
 * uninstall events would end it, since an event can be missed.
 */
export function permanentSlackError(err: unknown): 'archived' | 'channel' | 'token' | undefined {
  const code = slackErrorCode(err);
  if (code === 'is_archived') return 'archived';
  if (isUnreachableChannel(code)) return 'channel';
  return code !== undefined && TOKEN_GONE.has(code) ? 'token' : undefined;
}

/** Seconds Slack asked to wait, when the call was rate limited (HTTP 429). */
export function slackRetryAfter(err: unknown): number | undefined {
  const failure = slackFailure(err);
  return failure.kind === 'rate-limited' ? failure.retryAfterMs / 1000 : undefined;
}

/** A short label for metrics: the Slack error code, `rate_limited`, or `other`. */
export function slackErrorKind(err: unknown): string {
  const failure = slackFailure(err);
  if (failure.kind === 'rate-limited') return 'rate_limited';
  return failure.kind === 'other' ? 'other' : failure.error;
}
