import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authorize, Logger as BoltLogger, InstallationStore, StateStore } from '@slack/bolt';
import { InstallProvider } from '@slack/oauth';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { SLACK_CALL_TIMEOUT_MS } from '../delivery/slack-client-options.js';

/** The bot scopes an OAuth install asks for (the same as manifest.yml's). */
export const BOT_SCOPES = ['commands', 'chat:write', 'files:write', 'users:read'];

/** Many-workspace mode: where installations and single-use states live. */
export interface OAuthStores {
  installationStore: InstallationStore;
  stateStore: StateStore;
}

/** The install and redirect routes, and the `authorize` Bolt's App is built with. */
export interface OAuthInstall {
  installPath: string;
  redirectPath: string;
  handleInstall(req: IncomingMessage, res: ServerResponse): Promise<void>;
  handleRedirect(req: IncomingMessage, res: ServerResponse): Promise<void>;
  authorize: Authorize<boolean>;
}

function oauthPage(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * Many-workspace mode's OAuth, through `@slack/oauth`'s InstallProvider (what Bolt's own
 * receivers use): /slack/install sets the state cookie and redirects (directInstall);
 * /slack/oauth_redirect checks cookie + single-use state, then calls oauth.v2.access. Served by
 * the receiver (slack-receiver.ts) with the same request limits as every other route.
 */
export function oauthInstall(p: {
  config: Config;
  stores: OAuthStores;
  logger: Logger;
  boltLog: BoltLogger;
}): OAuthInstall {
  const { config, logger } = p;
  const provider = new InstallProvider({
    clientId: config.slack.clientId!,
    clientSecret: config.slack.clientSecret!,
    stateSecret: config.slack.stateSecret,
    installationStore: p.stores.installationStore,
    stateStore: p.stores.stateStore,
    stateVerification: true,
    logger: p.boltLog,
    directInstall: true,
    // GovSlack and other hosts: the authorize page lives beside SLACK_API_URL.
    authorizationUrl: new URL('../oauth/v2/authorize', config.slackApiUrl).toString(),
    clientOptions: { slackApiUrl: config.slackApiUrl, timeout: SLACK_CALL_TIMEOUT_MS },
  });
  const callbackOptions = {
    success: (_i: unknown, _o: unknown, _req: IncomingMessage, res: ServerResponse) =>
      oauthPage(
        res,
        200,
        'querydesk is installed. You can close this page and use /querydesk in Slack.',
      ),
    failure: (
      error: { name: string; code?: string },
      _o: unknown,
      _req: IncomingMessage,
      res: ServerResponse,
    ) => {
      logger.warn({ err: { name: error.name, code: error.code } }, 'OAuth install refused');
      oauthPage(
        res,
        400,
        'The install could not be completed (the link was used, expired or not started here). Start again from /slack/install.',
      );
    },
  };
  return {
    installPath: '/slack/install',
    redirectPath: '/slack/oauth_redirect',
    handleInstall: (req, res) => provider.handleInstallPath(req, res, {}, { scopes: BOT_SCOPES }),
    handleRedirect: (req, res) => provider.handleCallback(req, res, callbackOptions),
    authorize: (source) => provider.authorize(source),
  };
}
