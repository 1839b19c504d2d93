import { LogLevel, WebClient } from '@slack/web-api';
import {
  type SlackDouble,
  type SlackDoubleOptions,
  startSlackDouble,
} from '../../src/slack-double/index.js';

export * from '../../src/slack-double/index.js';

/** A double plus a WebClient pointed at it that never retries (tests choose failures on purpose). */
export async function startDoubleWithClient(
  opts: SlackDoubleOptions = {},
): Promise<{ double: SlackDouble; client: WebClient }> {
  const double = await startSlackDouble(opts);
  const client = new WebClient(double.botToken, {
    slackApiUrl: double.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logLevel: LogLevel.ERROR,
  });
  return { double, client };
}
