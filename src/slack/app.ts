import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  App,
  type Logger as BoltLogger,
  type CustomRoute,
  type HTTPReceiver,
  type SocketModeReceiver,
} from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { boltLogger } from './bolt-logger.js';
import { slackClientOptions } from './delivery/slack-client-options.js';
import type { EarlyAckPlanner, EarlyAckSample } from './http-edge/early-ack.js';
import { primeEarlyAck, processAcked } from './http-edge/early-ack.js';
import type { EdgePlanTable } from './http-edge/edge-plan.js';
import { type EdgeThread, startEdgeThread } from './http-edge/edge-thread.js';
import { type EarlyAckSlot, eventsReceiver } from './http-edge/events-receiver.js';
import {
  applyServerLimits,
  HTTP_LIMITS,
  type HttpLimits,
  serverOptions,
} from './http-edge/http-limits.js';
import { type OAuthStores, oauthReceiver } from './http-edge/oauth-receiver.js';
import { socketReceiver } from './http-edge/socket-receiver.js';

export interface SlackRuntime {
  app: App;
  /**
   * HTTP modes (one workspace, many workspaces, the console): slash commands the planner can
   * decide, and Events API deliveries, are acked before Bolt's pipeline (http-edge/early-ack.ts).
   * Socket Mode acks over its socket and keeps Bolt's path.
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
  /** The public port, once started (the edge thread's when there is one). */
  port(): number | undefined;
  /** Whether the edge thread serves the public port. */
  edgeThread(): boolean;
  stop(): Promise<void>;
}

/**
 * The edge thread (http-edge/edge-thread.ts): possible in the HTTP modes; service.ts asks for it
 * in many-workspace mode when production's entry point sets StartOptions.edgeThread.
 */
export interface EdgeThreadOptions {
  /** The lookup commands, for the thread's planner (http-edge/edge-plan.ts). */
  plan: EdgePlanTable;
  /** Called if the thread ends without being stopped: the public port is gone. */
  lost: (why: string) => void;
}

interface SlackAppParams {
  config: Config;
  logger: Logger;
  routes: CustomRoute[];
  /** Console mode: the local Slack double's token and signing secret. */
  local?: { botToken: string; signingSecret: string };
  oauth?: OAuthStores;
  /** Tests shorten the limits; production uses HTTP_LIMITS. */
  limits?: HttpLimits;
  edgeThread?: EdgeThreadOptions;
}

/** The receiver for the mode, the token Bolt uses (none in OAuth mode), and the early-ack secret. */
interface Edge {
  receiver: HTTPReceiver | SocketModeReceiver;
  token?: string;
  /** Set in the modes that ack early (HTTP, one workspace or many). */
  signingSecret?: string;
}

function edgeFor(
  params: SlackAppParams,
  shared: { limits: HttpLimits; boltLog: BoltLogger; slot: EarlyAckSlot; app: () => App },
): Edge {
  const { config, logger, routes } = params;
  const { limits, boltLog, slot, app } = shared;
  if (config.mode === 'socket') {
    return { receiver: socketReceiver(config, routes, boltLog), token: config.slack.botToken };
  }
  if (config.mode === 'oauth') {
    const stores = params.oauth;
    if (!stores) throw new Error('OAuth mode needs its installation and state stores');
    const receiver = oauthReceiver({ config, stores, routes, limits, boltLog, logger, slot, app });
    return { receiver, signingSecret: config.slack.signingSecret! };
  }
  const signingSecret = params.local?.signingSecret ?? config.slack.signingSecret!;
  const receiver = eventsReceiver({ signingSecret, routes, limits, boltLog, logger, slot, app });
  return { receiver, token: params.local?.botToken ?? config.slack.botToken, signingSecret };
}

/** Bolt in the mode the environment picked; health, metrics (and the console) on the same port. */
export function createSlackApp(params: SlackAppParams): SlackRuntime {
  const { config, logger } = params;
  const limits = params.limits ?? HTTP_LIMITS;
  // Filled in by ackCommandsEarly once the listeners exist; until then every request goes to Bolt.
  const slot: EarlyAckSlot = { track: (work) => work };
  // One Bolt logger for the receiver and the app: a level set through either holds for both.
  const boltLog = boltLogger(logger);
  const edge = edgeFor(params, { limits, boltLog, slot, app: () => app });
  const app = new App({
    token: edge.token,
    receiver: edge.receiver,
    logger: boltLog,
    clientOptions: slackClientOptions(config),
    ignoreSelf: true,
    // Bolt's conversation store keeps per-channel state we never read, with a lookup on every request.
    convoStore: false,
  });
  let edgeThread: EdgeThread | undefined;
  return {
    app,
    ackCommandsEarly(planner, track) {
      slot.planner = planner;
      slot.track = track;
    },
    primeEarlyAck(samples, decisions) {
      const { signingSecret } = edge;
      if (!slot.planner || !signingSecret) return undefined;
      return primeEarlyAck({ signingSecret, planner: slot.planner, logger }, samples, decisions);
    },
    async start() {
      // The local console acts as an admin: it listens on this machine only, or, in a container
      // whose port is published on the host's loopback only, on the container's interfaces.
      const host = config.console.listen === 'all' ? '0.0.0.0' : '127.0.0.1';
      const listen = params.local ? { port: config.port, host } : config.port;
      const threaded = params.edgeThread && edge.signingSecret && config.mode !== 'socket';
      // Behind the edge thread, Bolt listens on this machine's loopback only.
      const boltListen = threaded ? { port: 0, host: '127.0.0.1' } : listen;
      await (config.mode === 'socket' ? app.start() : app.start(boltListen, serverOptions(limits)));
      const server = serverOf({ app });
      if (server) applyServerLimits(server, limits);
      if (!threaded || !server || !params.edgeThread || !edge.signingSecret) return;
      try {
        edgeThread = await startEdgeThread(
          {
            port: config.port,
            host: params.local ? host : undefined,
            upstreamPort: (server.address() as AddressInfo).port,
            signingSecret: edge.signingSecret,
            plan: params.edgeThread.plan,
            limits,
          },
          {
            logger,
            deliver: (acked) => processAcked(acked, { app, track: slot.track, logger }),
            lost: params.edgeThread.lost,
          },
        );
      } catch (err) {
        await app.stop();
        throw err;
      }
    },
    edgeThread: () => edgeThread !== undefined,
    port() {
      if (edgeThread) return edgeThread.port;
      const address = serverOf({ app })?.address() as AddressInfo | null | undefined;
      return address?.port;
    },
    async stop() {
      // No new requests first: the edge thread hands over what it acked, then Bolt stops.
      await edgeThread?.close();
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
