/** The Slack error code of a failed Web API call (`not_in_channel`), if it carries one. */
export function slackErrorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('data' in err)) return undefined;
  const data = err.data;
  if (typeof data !== 'object' || data === null || !('error' in data)) return undefined;
  return typeof data.error === 'string' ? data.error : undefined;
}

/** Errors that a retry cannot fix: a person must invite the bot or fix the channel id. */
const UNREACHABLE = new Set(['not_in_channel', 'channel_not_found', 'is_archived']);

export function isUnreachableChannel(code: string | undefined): boolean {
  return code !== undefined && UNREACHABLE.has(code);
}
