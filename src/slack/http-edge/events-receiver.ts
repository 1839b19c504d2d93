import { type App, type Logger as BoltLogger, type CustomRoute, HTTPReceiver } from '@slack/bolt';
import type { Logger } from 'pino';
import { ackCommandsEarly, type EarlyAckPlanner, processAcked } from './early-ack.js';
import { guardRequests, type HttpLimits } from './http-limits.js';

/** What the early ack needs from the app, filled in once the listeners exist. */
export interface EarlyAckSlot {
  planner?: EarlyAckPlanner;
  track: <T>(work: Promise<T>) => Promise<T>;
}

/**
 * One-workspace HTTP mode and the console: Slack's requests on /slack/events, with the commands
 * the planner can decide and Events API deliveries acked before Bolt's pipeline (early-ack.ts);
 * until the slot has a planner every request goes to Bolt.
 */
export function eventsReceiver(p: {
  signingSecret: string;
  routes: CustomRoute[];
  limits: HttpLimits;
  boltLog: BoltLogger;
  logger: Logger;
  slot: EarlyAckSlot;
  /** The app the receiver serves (created after it). */
  app: () => App;
}): HTTPReceiver {
  const http = new HTTPReceiver({
    signingSecret: p.signingSecret,
    bodyLimit: p.limits.bodyLimitBytes,
    endpoints: '/slack/events',
    customRoutes: p.routes,
    logger: p.boltLog,
    processBeforeResponse: false,
    unhandledRequestTimeoutMillis: 2_900,
  });
  return withEarlyAcks(http, p);
}

/**
 * The request path of both HTTP receivers: the request limits first, then the early acks
 * (early-ack.ts), then Bolt's own listener.
 */
export function withEarlyAcks(
  http: HTTPReceiver,
  p: {
    signingSecret: string;
    limits: HttpLimits;
    logger: Logger;
    slot: EarlyAckSlot;
    app: () => App;
  },
): HTTPReceiver {
  const early = ackCommandsEarly(http.requestListener, {
    signingSecret: p.signingSecret,
    bodyLimit: p.limits.bodyLimitBytes,
    logger: p.logger,
    planner: () => p.slot.planner,
    deliver: (acked) =>
      processAcked(acked, { app: p.app(), track: p.slot.track, logger: p.logger }),
  });
  http.requestListener = guardRequests(early, p.limits);
  return http;
}
