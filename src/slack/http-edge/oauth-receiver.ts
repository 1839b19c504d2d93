import type { ServerResponse } from 'node:http';
import {
  type App,
  type Logger as BoltLogger,
  type CustomRoute,
  HTTPReceiver,
  type InstallationStore,
  type StateStore,
} from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { SLACK_CALL_TIMEOUT_MS } from '../delivery/slack-client-options.js';
import { type EarlyAckSlot, withEarlyAcks } from './events-receiver.js';
import type { HttpLimits } from './http-limits.js';

/** The bot scopes an OAuth install asks for (the same as manifest.yml's). */
export const BOT_SCOPES = ['commands', 'chat:write', 'files:write', 'users:read'];

/** Many-workspace mode: where installations and single-use states live. */
export interface OAuthStores {
  installationStore: InstallationStore;
  stateStore: StateStore;
}

function oauthPage(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * Many-workspace mode: Bolt's own OAuth. /slack/install sets the state cookie and redirects
 * (directInstall); /slack/oauth_redirect checks cookie + single-use state, then calls
 * oauth.v2.access. The same request limits as one-workspace HTTP mode, install routes included,
 * and the same early acks (early-ack.ts): Bolt would ack only after `authorize` has read the
 * installation from the database; the early path acks first and Bolt authorizes after, so a team
 * without an installation still runs nothing (Bolt acks it with an empty 200 as well).
 */
export function oauthReceiver(p: {
  config: Config;
  stores: OAuthStores;
  routes: CustomRoute[];
  limits: HttpLimits;
  boltLog: BoltLogger;
  logger: Logger;
  slot: EarlyAckSlot;
  /** The app the receiver serves (created after it). */
  app: () => App;
}): HTTPReceiver {
  const { config, logger } = p;
  const http = new HTTPReceiver({
    signingSecret: config.slack.signingSecret!,
    bodyLimit: p.limits.bodyLimitBytes,
    endpoints: '/slack/events',
    customRoutes: p.routes,
    logger: p.boltLog,
    processBeforeResponse: false,
    unhandledRequestTimeoutMillis: 2_900,
    clientId: config.slack.clientId,
    clientSecret: config.slack.clientSecret,
    stateSecret: config.slack.stateSecret,
    scopes: BOT_SCOPES,
    installationStore: p.stores.installationStore,
    installerOptions: {
      directInstall: true,
      // GovSlack and other hosts: the authorize page lives beside SLACK_API_URL.
      authorizationUrl: new URL('../oauth/v2/authorize', config.slackApiUrl).toString(),
      stateStore: p.stores.stateStore,
      stateVerification: true,
      clientOptions: { slackApiUrl: config.slackApiUrl, timeout: SLACK_CALL_TIMEOUT_MS },
      callbackOptions: {
        success: (_installation, _options, _req, res) =>
          oauthPage(
            res,
            200,
            'querydesk is installed. You can close this page and use /querydesk in Slack.',
          ),
        failure: (error, _options, _req, res) => {
          logger.warn({ err: { name: error.name, code: error.code } }, 'OAuth install refused');
          oauthPage(
            res,
            400,
            'The install could not be completed (the link was used, expired or not started here). Start again from /slack/install.',
          );
        },
      },
    },
  });
  return withEarlyAcks(http, { ...p, signingSecret: config.slack.signingSecret! });
}
