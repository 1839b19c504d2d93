import { type Logger as BoltLogger, SocketModeReceiver } from '@slack/bolt';
import type { Config } from '../../config.js';
import { SLACK_CALL_TIMEOUT_MS } from '../delivery/slack-client-options.js';

/**
 * Socket Mode: events over Slack's socket, acked over it, all Bolt's own. The health and metrics
 * routes are served beside it (http-server.ts, RoutesServer).
 */
export function socketReceiver(config: Config, logger: BoltLogger): SocketModeReceiver {
  return new SocketModeReceiver({
    appToken: config.slack.appToken!,
    logger,
    // The socket client opens its connection through the Web API too: same base URL.
    installerOptions: {
      clientOptions: { slackApiUrl: config.slackApiUrl, timeout: SLACK_CALL_TIMEOUT_MS },
    },
  });
}
