import type { AddressInfo } from 'node:net';
import { App, type CustomRoute } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { boltLogger } from './bolt-logger.js';
import { slackClientOptions } from './delivery/slack-client-options.js';
import type { AckPlanTable } from './http-edge/ack-plan.js';
import { HTTP_LIMITS, type HttpLimits } from './http-edge/http-limits.js';
import { RoutesServer } from './http-edge/http-server.js';
import { type OAuthStores, oauthInstall } from './http-edge/oauth-install.js';
import { SlackReceiver } from './http-edge/slack-receiver.js';
import { socketReceiver } from './http-edge/socket-receiver.js';

export interface SlackRuntime {
  app: App;
  start(): Promise<void>;
  /** The public port, once started. */
  port(): number | undefined;
  /** Where the public port listens (the receiver's, or Socket Mode's routes server). */
  address(): AddressInfo | undefined;
  stop(): Promise<void>;
}

interface SlackAppParams {
  config: Config;
  logger: Logger;
  routes: CustomRoute[];
  /** The lookup commands, for the one planner (http-edge/ack-plan.ts). */
  plan: AckPlanTable;
  /** Keeps the work after an ack in what a shutdown waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Console mode: the local Slack double's token, signing secret and bot ids. */
  local?: { botToken: string; signingSecret: string; botId: string; botUserId: string };
  oauth?: OAuthStores;
  /** Tests shorten the limits; production uses HTTP_LIMITS. */
  limits?: HttpLimits;
  /** Called if the HTTP modes' ack thread ends on its own (http-edge/ack-thread.ts). */
  ackThreadLost?: (why: string) => void;
}

/** Socket Mode: Bolt's own receiver, and the custom routes on the port. */
function socketRuntime(params: SlackAppParams, limits: HttpLimits): SlackRuntime {
  const { config, logger } = params;
  const boltLog = boltLogger(logger);
  const app = new App({
    token: config.slack.botToken,
    receiver: socketReceiver(config, boltLog),
    logger: boltLog,
    clientOptions: slackClientOptions(config),
    ignoreSelf: true,
    convoStore: false,
  });
  const routes = new RoutesServer(params.routes, limits, { port: config.port });
  return {
    app,
    async start() {
      await routes.start();
      await app.start().catch(async (err) => {
        await routes.stop();
        throw err;
      });
    },
    port: () => routes.port(),
    address: () => routes.address(),
    async stop() {
      await app.stop();
      await routes.stop();
    },
  };
}

/**
 * Bolt in the mode the environment picked. The HTTP modes (one workspace, many workspaces, the
 * console) have one receiver (http-edge/slack-receiver.ts), whose ack thread serves Slack's
 * requests, the OAuth install routes, health, metrics and the console on one port; Socket Mode is
 * Bolt's own.
 */
export function createSlackApp(params: SlackAppParams): SlackRuntime {
  const { config, logger } = params;
  const limits = params.limits ?? HTTP_LIMITS;
  if (config.mode === 'socket') return socketRuntime(params, limits);
  // One Bolt logger for the receiver and the app: a level set through either holds for both.
  const boltLog = boltLogger(logger);
  const install =
    config.mode === 'oauth'
      ? oauthInstall({ config, stores: needStores(params.oauth), logger, boltLog })
      : undefined;
  const signingSecret = params.local?.signingSecret ?? config.slack.signingSecret!;
  // The local console acts as an admin: it listens on this machine only, or, in a container
  // whose port is published on the host's loopback only, on the container's interfaces.
  const host = config.console.listen === 'all' ? '0.0.0.0' : '127.0.0.1';
  const listen = params.local ? { port: config.port, host } : { port: config.port };
  const receiver = new SlackReceiver({
    signingSecret,
    plan: params.plan,
    routes: params.routes,
    limits,
    listen,
    boltLog,
    logger,
    track: params.track,
    install,
    lost: params.ackThreadLost,
  });
  const app = new App({
    ...(install
      ? { authorize: install.authorize }
      : { token: params.local?.botToken ?? config.slack.botToken }),
    // The console's double is on this process's own port, which listens only once the app has
    // started: Bolt asks it nothing (auth.test) when it is told the bot's ids.
    ...(params.local ? { botId: params.local.botId, botUserId: params.local.botUserId } : {}),
    receiver,
    logger: boltLog,
    clientOptions: slackClientOptions(config),
    ignoreSelf: true,
    // Bolt's conversation store keeps per-channel state we never read, with a lookup on every request.
    convoStore: false,
  });
  return {
    app,
    async start() {
      await app.start();
    },
    port: () => receiver.port(),
    address: () => receiver.address(),
    async stop() {
      await app.stop();
    },
  };
}

function needStores(stores: OAuthStores | undefined): OAuthStores {
  if (!stores) throw new Error('OAuth mode needs its installation and state stores');
  return stores;
}
