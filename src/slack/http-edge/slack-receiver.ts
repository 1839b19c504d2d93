import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, ListenOptions } from 'node:net';
import {
  type AckFn,
  type App,
  AuthorizationError,
  type Logger as BoltLogger,
  type CustomRoute,
  type Receiver,
  ReceiverMultipleAckError,
  type RespondArguments,
} from '@slack/bolt';
import type { Logger } from 'pino';
import { AckFirst } from './ack-first.js';
import type { AckPlanTable } from './ack-plan.js';
import { ACK_STAMP, type AckStamp } from './ack-stamp.js';
import {
  type AckThread,
  type AckThreadEvents,
  PEER_ADDRESS,
  type Retry,
  ROUTES_SECRET,
  startAckThread,
} from './ack-thread.js';
import { answerNoBody } from './http-answers.js';
import type { HttpLimits } from './http-limits.js';
import { addressOf, CustomRoutes, closeServer, listenWithLimits } from './http-server.js';
import type { OAuthInstall } from './oauth-install.js';
import { setPeerAddress } from './peer-address.js';
import { teamOf } from './slack-request.js';

/** A request acked before Bolt saw it, for `app.processEvent` (see SlackReceiver.afterEarlyAck). */
interface EarlyAcked extends Retry {
  body: Record<string, unknown>;
  /** A command's name and its ack as sent ('' for an empty ack); absent for an event. */
  command?: { name: string; sent: string };
  /** When its ack was written. */
  stamp: AckStamp;
}

export interface SlackReceiverOptions {
  signingSecret: string;
  /** The lookup commands, for the one planner (ack-plan.ts). */
  plan: AckPlanTable;
  routes: CustomRoute[];
  limits: HttpLimits;
  /** Where the public port listens (a port, and a host where not every interface). */
  listen: ListenOptions;
  boltLog: BoltLogger;
  logger: Logger;
  /** Keeps the work after an ack in what a shutdown waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Many-workspace mode: the install and redirect routes (oauth-install.ts). */
  install?: OAuthInstall;
  /** Called if the ack thread ends on its own (the public port is then gone). */
  lost?: (why: string) => void;
}

const EVENTS_PATH = '/slack/events';

/**
 * The one way in for every HTTP mode (one workspace, many workspaces, the console), at Bolt's
 * documented `Receiver` seam: `init(app)`, `start`, `stop`, then `app.processEvent`. The public
 * port is the ack thread's (ack-thread.ts): for a request on /slack/events it reads the body once
 * (413 before buffering past the limit), checks the signature once over the bytes as received
 * (401, nothing parsed or run) and decides once (slack-request.ts, with the one planner of
 * ack-plan.ts), and then either:
 * - acks a lookup command or an Events API delivery at once, and the receiver hands it to
 *   `processEvent` once the acks owed are out (ack-first.ts), with an `ack` already done;
 * - or the receiver hands the request to `processEvent` with an `ack` whose answer the thread
 *   writes (a modal's response_action, interactivity), the work after it held until the acks owed
 *   are out.
 * Other routes come from the thread to this receiver's routes port on 127.0.0.1: the OAuth
 * install and redirect through `@slack/oauth`'s InstallProvider, then the custom routes (health,
 * readiness, metrics, the console).
 */
export class SlackReceiver implements Receiver {
  /** The ack-first scheduler of the requests this receiver answers. */
  readonly acks = new AckFirst();
  private app: App | undefined;
  /** The routes port, on 127.0.0.1, for what the ack thread passes on. */
  private routesServer: Server | undefined;
  private thread: AckThread | undefined;
  private readonly routes: CustomRoutes;
  /** Proves a request on the routes port was passed on by this process's ack thread. */
  private readonly routesSecret = randomBytes(24).toString('base64url');

  constructor(private readonly options: SlackReceiverOptions) {
    this.routes = new CustomRoutes(options.routes);
  }

  init(app: App): void {
    this.app = app;
  }

  async start(): Promise<AddressInfo> {
    const { limits, listen, signingSecret, plan, logger } = this.options;
    this.routesServer = await listenWithLimits((req, res) => this.routed(req, res), limits, {
      port: 0,
      host: '127.0.0.1',
    });
    const routesPort = addressOf(this.routesServer)!.port;
    try {
      this.thread = await startAckThread(
        { listen, routesPort, routesSecret: this.routesSecret, signingSecret, plan, limits },
        {
          on: (m) => this.fromThread(m),
          lost: (why) => {
            logger.error({ why }, 'the ack thread ended');
            this.options.lost?.(why);
          },
        },
      );
    } catch (err) {
      await closeServer(this.routesServer);
      this.routesServer = undefined;
      throw err;
    }
    logger.debug({ port: this.thread.address.port, routesPort }, 'ack thread listening');
    return this.thread.address;
  }

  async stop(): Promise<void> {
    // The thread stays known until it has closed: the listeners of requests still open answer
    // through it.
    await Promise.all([this.thread?.close(), closeServer(this.routesServer)]);
    this.thread = undefined;
    this.routesServer = undefined;
  }

  /** The public port, once started. */
  port(): number | undefined {
    return this.thread?.address.port;
  }

  /** Where the public port listens, once started. */
  address(): AddressInfo | undefined {
    return this.thread?.address;
  }

  private fromThread(m: AckThreadEvents): void {
    switch (m.type) {
      case 'pending':
        // The thread's clock, on this thread's: their time origins differ.
        return void this.acks.pending(m.unanswered, m.lastArrivalAt - performance.timeOrigin);
      case 'acked':
        return void this.afterEarlyAck({
          body: m.body,
          ...m.retry,
          command: m.command,
          // The thread's clock, on this thread's: their time origins differ.
          stamp: { at: m.ackedAt - performance.timeOrigin, heldMs: 0 },
        });
      case 'listener':
        return void this.options.track(this.withListenerAck(m.id, m.body, m.retry));
      case 'log':
        return void this.options.logger[m.level](m.fields, m.msg);
    }
  }

  /**
   * A request acked before Bolt saw it to `processEvent` once the acks owed are out, kept in the
   * work a shutdown waits for; what its listener throws is logged. A command's listener gets an
   * `ack` whose answer is already out: it checks that the listener acked alike, and holds the
   * work after it until the acks owed are out, as a live ack does.
   */
  private afterEarlyAck(acked: EarlyAcked): void {
    const { command } = acked;
    const { logger } = this.options;
    let done = false;
    const ack: AckFn<string | RespondArguments> = async (response) => {
      if (!command) return;
      if (done) throw new ReceiverMultipleAckError();
      done = true;
      const said = response === undefined ? '' : JSON.stringify(response);
      // The planner and the listener decide from the same rules; a difference is a defect.
      if (said !== command.sent) {
        logger.warn({ command: command.name }, 'listener acked differently from early ack');
      }
      // As for an ack of its own (withListenerAck): what the listener does after its ack waits
      // again for the acks owed (its delivery claim, its store reads, its gateway call).
      await this.held(acked.stamp, acked.body);
    };
    const run = this.held(acked.stamp, acked.body)
      .then(() => this.process(acked.body, acked, ack, acked.stamp))
      .catch((err) =>
        command
          ? logger.error({ err, command: command.name }, 'command failed after its early ack')
          : logger.error({ err }, 'event failed after its early ack'),
      );
    void this.options.track(run);
  }

  /**
   * A request on the routes port: only from this process's ack thread (403 otherwise, nothing
   * run), with the client's address it passes; then the OAuth install routes, the custom routes,
   * or 404.
   */
  private routed(req: IncomingMessage, res: ServerResponse): void {
    if (!sameSecret(req.headers[ROUTES_SECRET], this.routesSecret)) {
      this.options.logger.warn({}, 'request on the routes port not from the ack thread');
      return void answerNoBody(res, 403);
    }
    const peer = req.headers[PEER_ADDRESS];
    delete req.headers[ROUTES_SECRET];
    delete req.headers[PEER_ADDRESS];
    setPeerAddress(req, typeof peer === 'string' && peer !== '' ? peer : undefined);
    const path = req.url?.split('?', 1)[0] ?? '/';
    const method = req.method?.toUpperCase() ?? 'GET';
    const { install } = this.options;
    if (install && method === 'GET' && path === install.installPath) {
      return void this.installRoute(() => install.handleInstall(req, res));
    }
    if (install && method === 'GET' && path === install.redirectPath) {
      return void this.installRoute(() => install.handleRedirect(req, res));
    }
    if (path === EVENTS_PATH || !this.routes.serve(req, res, path, method)) answerNoBody(res, 404);
  }

  private async installRoute(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.options.logger.error({ err }, 'OAuth install route failed');
    }
  }

  /**
   * A request whose ack is its listener's: `ack` sends the answer for the thread to write; the
   * work after it waits until the acks owed are out. A failure before the ack answers 401 (no
   * installation) or 500, as Bolt's own receiver answers; the thread answers 404 to one never
   * acked (UNACKED_MS).
   */
  private async withListenerAck(
    id: number,
    body: Record<string, unknown>,
    retry: Retry,
  ): Promise<void> {
    let done = false;
    const stamp: AckStamp = { heldMs: 0 };
    const ack: AckFn<string | RespondArguments> = async (response) => {
      if (done) throw new ReceiverMultipleAckError();
      done = true;
      this.thread?.answer({ id, response });
      stamp.at = performance.now();
      await this.held(stamp, body);
    };
    try {
      await this.process(body, retry, ack, stamp);
    } catch (err) {
      if (done) {
        this.options.logger.error({ err }, 'Slack request failed after its ack');
        return;
      }
      done = true;
      const unauthorized = err instanceof AuthorizationError;
      if (!unauthorized) this.options.logger.error({ err }, 'Slack request failed before its ack');
      this.thread?.answer({ id, status: unauthorized ? 401 : 500 });
    }
  }

  /** Waits for this request's turn after the acks owed, adding the wait to its stamp. */
  private async held(stamp: AckStamp, body: Record<string, unknown>): Promise<void> {
    const since = performance.now();
    await this.acks.afterPendingAcks(teamOf(body));
    stamp.heldMs += performance.now() - since;
  }

  private process(
    body: Record<string, unknown>,
    retry: Retry,
    ack: AckFn<string | RespondArguments>,
    stamp: AckStamp,
  ): Promise<void> {
    const app = this.app;
    if (!app) throw new Error('the receiver was started before init(app)');
    return app.processEvent({ body, ack, ...retry, customProperties: { [ACK_STAMP]: stamp } });
  }
}

/** Whether a request's header is the secret, compared in constant time. */
function sameSecret(header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
