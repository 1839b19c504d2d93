import type { Server, ServerResponse } from 'node:http';
import {
  App,
  type CustomRoute,
  HTTPReceiver,
  type InstallationStore,
  SocketModeReceiver,
  type StateStore,
} from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { boltLogger } from './bolt-logger.js';
import {
  ackCommandsEarly,
  type EarlyAckPlanner,
  type EarlyAckSample,
  primeEarlyAck,
} from './http-edge/early-ack.js';
import {
  applyServerLimits,
  guardRequests,
  HTTP_LIMITS,
  type HttpLimits,
  serverOptions,
} from './http-edge/http-limits.js';

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
  /**
   * One-workspace HTTP mode (and the console): slash commands the planner can decide are acked
   * before Bolt's pipeline (http-edge/early-ack.ts). Socket Mode acks over its socket, and many-workspace
   * mode must authorize the workspace before answering: both keep Bolt's path.
   */
  ackCommandsEarly(planner: EarlyAckPlanner, track: <T>(work: Promise<T>) => Promise<T>): void;
  /**
   * Makes `decisions` early-ack decisions on `samples` (primeEarlyAck), so a first burst meets
   * compiled code. Undefined where commands are not acked early.
   */
  primeEarlyAck(
    samples: readonly EarlyAckSample[],
    decisions: number,
  ): ReturnType<typeof primeEarlyAck> | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}

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

/** Bolt in the mode the environment picked; health, metrics (and the console) on the same port. */
export function createSlackApp(params: {
  config: Config;
  logger: Logger;
  routes: CustomRoute[];
  /** Console mode: the local Slack double's token and signing secret. */
  local?: { botToken: string; signingSecret: string };
  oauth?: OAuthStores;
  /** Tests shorten the limits; production uses HTTP_LIMITS. */
  limits?: HttpLimits;
}): SlackRuntime {
  const { config, logger, routes } = params;
  const limits = params.limits ?? HTTP_LIMITS;
  const blog = boltLogger(logger);
  const clientOptions = slackClientOptions(config);
  let receiver: HTTPReceiver | SocketModeReceiver;
  let token: string | undefined;
  // Filled in by ackCommandsEarly once the listeners exist; until then every request goes to Bolt.
  const earlyAcks: {
    planner?: EarlyAckPlanner;
    track: <T>(work: Promise<T>) => Promise<T>;
    /** Set in the one mode that acks early. */
    signingSecret?: string;
  } = {
    track: (work) => work,
  };
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
  } else if (config.mode === 'oauth') {
    const stores = params.oauth;
    if (!stores) throw new Error('OAuth mode needs its installation and state stores');
    // Bolt's own OAuth: /slack/install sets the state cookie and redirects (directInstall),
    // /slack/oauth_redirect checks cookie + single-use state, then calls oauth.v2.access.
    const http = new HTTPReceiver({
      signingSecret: config.slack.signingSecret!,
      bodyLimit: limits.bodyLimitBytes,
      endpoints: '/slack/events',
      customRoutes: routes,
      logger: blog,
      processBeforeResponse: false,
      unhandledRequestTimeoutMillis: 2_900,
      clientId: config.slack.clientId,
      clientSecret: config.slack.clientSecret,
      stateSecret: config.slack.stateSecret,
      scopes: BOT_SCOPES,
      installationStore: stores.installationStore,
      installerOptions: {
        directInstall: true,
        // GovSlack and other hosts: the authorize page lives beside SLACK_API_URL.
        authorizationUrl: new URL('../oauth/v2/authorize', config.slackApiUrl).toString(),
        stateStore: stores.stateStore,
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
    // The same request limits as one-workspace HTTP mode (the install routes included).
    http.requestListener = guardRequests(http.requestListener, limits);
    receiver = http;
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
    earlyAcks.signingSecret = signingSecret;
    const early = ackCommandsEarly(http.requestListener, {
      signingSecret,
      bodyLimit: limits.bodyLimitBytes,
      logger,
      planner: () => earlyAcks.planner,
      app: () => app,
      track: (work) => earlyAcks.track(work),
    });
    http.requestListener = guardRequests(early, limits);
    receiver = http;
  }
  const app = new App({
    token,
    receiver,
    logger: blog,
    clientOptions,
    ignoreSelf: true,
    // Bolt's conversation store keeps per-channel state we never read, with a lookup on every request.
    convoStore: false,
  });
  return {
    app,
    ackCommandsEarly(planner, track) {
      earlyAcks.planner = planner;
      earlyAcks.track = track;
    },
    primeEarlyAck(samples, decisions) {
      const { planner, signingSecret } = earlyAcks;
      if (!planner || !signingSecret) return undefined;
      return primeEarlyAck({ signingSecret, planner, logger }, samples, decisions);
    },
    async start() {
      // The local console acts as an admin: it listens on this machine only, or, in a container
      // whose port is published on the host's loopback only, on the container's interfaces.
      const host = config.console.listen === 'all' ? '0.0.0.0' : '127.0.0.1';
      const listen = params.local ? { port: config.port, host } : config.port;
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
