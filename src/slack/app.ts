import type { Server } from 'node:http';
import { App, type CustomRoute, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { boltLogger } from './bolt-logger.js';
import {
  applyServerLimits,
  guardRequests,
  HTTP_LIMITS,
  type HttpLimits,
  serverOptions,
} from './http-limits.js';

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

export interface SlackRuntime {
  app: App;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Bolt in the mode the environment picked; health, metrics (and the console) on the same port. */
export function createSlackApp(params: {
  config: Config;
  logger: Logger;
  routes: CustomRoute[];
  /** Console mode: the local Slack double's token and signing secret. */
  local?: { botToken: string; signingSecret: string };
  /** Tests shorten the limits; production uses HTTP_LIMITS. */
  limits?: HttpLimits;
}): SlackRuntime {
  const { config, logger, routes } = params;
  const limits = params.limits ?? HTTP_LIMITS;
  const blog = boltLogger(logger);
  const clientOptions = slackClientOptions(config);
  let receiver: HTTPReceiver | SocketModeReceiver;
  let token: string | undefined;
  if (config.mode === 'socket') {
    token = config.slack.botToken;
    receiver = new SocketModeReceiver({
      appToken: config.slack.appToken!,
      logger: blog,
      customRoutes: routes,
      // The socket client opens its connection through the Web API too: same base URL.
      installerOptions: {
        port: config.port,
        clientOptions: { slackApiUrl: config.slackApiUrl, timeout: SLACK_CALL_TIMEOUT_MS },
      },
    });
  } else {
    const signingSecret = params.local?.signingSecret ?? config.slack.signingSecret!;
    token = params.local?.botToken ?? config.slack.botToken;
    const http = new HTTPReceiver({
      signingSecret,
      bodyLimit: limits.bodyLimitBytes,
      endpoints: '/slack/events',
      customRoutes: routes,
      logger: blog,
      processBeforeResponse: false,
      unhandledRequestTimeoutMillis: 2_900,
    });
    http.requestListener = guardRequests(http.requestListener, limits);
    receiver = http;
  }
  const app = new App({ token, receiver, logger: blog, clientOptions, ignoreSelf: true });
  return {
    app,
    async start() {
      // The local console acts as an admin: it listens on this machine only.
      const listen = params.local ? { port: config.port, host: '127.0.0.1' } : config.port;
      await (config.mode === 'socket' ? app.start() : app.start(listen, serverOptions(limits)));
      const server = serverOf({ app });
      if (server) applyServerLimits(server, limits);
    },
    async stop() {
      await app.stop();
    },
  };
}

/** The HTTP server Bolt's receiver runs (events or, in Socket Mode, health routes), for its port. */
export function serverOf(runtime: Pick<SlackRuntime, 'app'>): Server | undefined {
  const receiver = (
    runtime.app as unknown as { receiver?: { server?: Server; httpServer?: Server } }
  ).receiver;
  return receiver?.server ?? receiver?.httpServer;
}
