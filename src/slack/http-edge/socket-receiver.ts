import { type Logger as BoltLogger, type CustomRoute, SocketModeReceiver } from '@slack/bolt';
import type { Config } from '../../config.js';
import { SLACK_CALL_TIMEOUT_MS } from '../delivery/slack-client-options.js';

/** Socket Mode: events over Slack's socket; health and metrics routes on the port. */
export function socketReceiver(
  config: Config,
  routes: CustomRoute[],
  logger: BoltLogger,
): SocketModeReceiver {
  return new SocketModeReceiver({
    appToken: config.slack.appToken!,
    logger,
    customRoutes: routes,
    // The socket client opens its connection through the Web API too: same base URL.
    installerOptions: {
      port: config.port,
      clientOptions: { slackApiUrl: config.slackApiUrl, timeout: SLACK_CALL_TIMEOUT_MS },
    },
  });
}
