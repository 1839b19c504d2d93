import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, ListenOptions } from 'node:net';
import {
  type AckFn,
  type App,
  AuthorizationError,
  type Logger as BoltLogger,
  type CustomRoute,
  HTTPModuleFunctions as httpFunc,
  type Receiver,
  ReceiverMultipleAckError,
  type RespondArguments,
} from '@slack/bolt';
import type { Logger } from 'pino';
import { AckFirst } from './ack-first.js';
import type { AckPlanTable } from './ack-plan.js';
import { tablePlanner } from './ack-plan.js';
import { ACK_STAMP, type AckStamp } from './ack-stamp.js';
import { type HttpLimits, signedInTheFuture } from './http-limits.js';
import { addressOf, CustomRoutes, closeServer, listenWithLimits } from './http-server.js';
import type { OAuthInstall } from './oauth-install.js';
import { answerUnread, BodyBudget, readBody, refusedUnread } from './read-body.js';
import { decideSlackRequest, type SlackDecision, teamOf } from './slack-request.js';
import { slackVerifier } from './slack-signature.js';

/** Slack's retry headers, as Bolt passes them to `processEvent`. */
interface Retry {
  retryNum?: number;
  retryReason?: string;
}

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
  /** Where the server listens (a port, and a host where not every interface). */
  listen: ListenOptions;
  boltLog: BoltLogger;
  logger: Logger;
  /** Keeps the work after an ack in what a shutdown waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Many-workspace mode: the install and redirect routes (oauth-install.ts). */
  install?: OAuthInstall;
}

/** As Bolt's HTTPReceiver is set here: a request its listener never acks gets 404 after this. */
export const UNACKED_MS = 2_900;

const EVENTS_PATH = '/slack/events';

/**
 * The one way in for every HTTP mode (one workspace, many workspaces, the console), at Bolt's
 * documented `Receiver` seam: `init(app)`, `start`, `stop`, then `app.processEvent`. It owns the
 * HTTP server and, for a request on /slack/events, reads the body once (413 before buffering past
 * the limit), checks the signature once over the bytes as received (401, nothing parsed or run),
 * decides once (slack-request.ts, with the one planner of ack-plan.ts) and then:
 * - acks a lookup command or an Events API delivery at once, and hands it to `processEvent` once
 *   the acks owed are out (ack-first.ts), with an `ack` already done;
 * - or hands the request to `processEvent` with an `ack` that writes the HTTP answer (a modal's
 *   response_action, interactivity), the work after it held until the acks owed are out.
 * Other routes: the OAuth install and redirect through `@slack/oauth`'s InstallProvider, then
 * the custom routes (health, readiness, metrics, the console).
 */
export class SlackReceiver implements Receiver {
  /** The ack-first scheduler of the requests this receiver answers. */
  readonly acks = new AckFirst();
  private app: App | undefined;
  private server: Server | undefined;
  /** The one signature check and the one planner every request on /slack/events meets. */
  private readonly check;
  private readonly routes: CustomRoutes;
  private readonly budget: BodyBudget;

  constructor(private readonly options: SlackReceiverOptions) {
    this.check = {
      verify: slackVerifier(options.signingSecret),
      planner: tablePlanner(options.plan),
    };
    this.budget = new BodyBudget(options.limits.bodyBudgetBytes);
    this.routes = new CustomRoutes(options.routes);
  }

  init(app: App): void {
    this.app = app;
  }

  async start(): Promise<Server> {
    const { limits, listen } = this.options;
    this.server = await listenWithLimits((req, res) => this.handle(req, res), limits, listen);
    return this.server;
  }

  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return closeServer(server);
  }

  /** The port it listens on, once started. */
  port(): number | undefined {
    return addressOf(this.server)?.port;
  }

  /** Where it listens, once started. */
  address(): AddressInfo | undefined {
    return addressOf(this.server);
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

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url?.split('?', 1)[0] ?? '/';
    const method = req.method?.toUpperCase() ?? 'GET';
    if (path === EVENTS_PATH && method === 'POST') return void this.slackRequest(req, res);
    const { install } = this.options;
    if (install && method === 'GET' && path === install.installPath) {
      return void this.installRoute(() => install.handleInstall(req, res));
    }
    if (install && method === 'GET' && path === install.redirectPath) {
      return void this.installRoute(() => install.handleRedirect(req, res));
    }
    if (!this.routes.serve(req, res, path, method)) httpFunc.buildNoBodyResponse(res, 404);
  }

  private async installRoute(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.options.logger.error({ err }, 'OAuth install route failed');
    }
  }

  private slackRequest(req: IncomingMessage, res: ServerResponse): void {
    const { limits, logger } = this.options;
    const unread = refusedUnread(req, limits.bodyLimitBytes, Date.now(), signedInTheFuture);
    if (unread) {
      logger.warn({ status: unread }, 'Slack request refused before its body');
      res.writeHead(unread, { connection: 'close' }).end();
      return;
    }
    this.acks.trackAnswer(res);
    readBody(
      req,
      limits.bodyLimitBytes,
      (failure, raw) => {
        if (failure) return answerUnread(failure, res, logger);
        const headers = {
          timestamp: req.headers['x-slack-request-timestamp'],
          signature: req.headers['x-slack-signature'],
          contentType: req.headers['content-type'],
        };
        this.act(decideSlackRequest(raw, headers, this.check, Date.now()), req, res);
      },
      this.budget,
    );
  }

  private act(decided: SlackDecision, req: IncomingMessage, res: ServerResponse): void {
    switch (decided.kind) {
      case 'refuse':
        this.options.logger.warn(
          { status: decided.status, why: decided.why },
          'Slack request refused',
        );
        return void httpFunc.buildNoBodyResponse(res, decided.status);
      case 'answer':
        return void httpFunc.buildContentResponse(res, decided.body);
      case 'acked':
        httpFunc.buildContentResponse(res, decided.response);
        return void this.afterEarlyAck({
          body: decided.body,
          ...retryOf(req),
          command: decided.command,
          stamp: { at: performance.now(), heldMs: 0 },
        });
      case 'listener':
        return void this.options.track(this.withListenerAck(decided.body, req, res));
    }
  }

  /**
   * A request whose ack is its listener's: `ack` writes the HTTP answer; the work after it waits
   * until the acks owed are out. Unacked after UNACKED_MS it gets 404, and a failure before the
   * ack 401 (no installation) or 500, as Bolt's own receiver answers.
   */
  private async withListenerAck(
    body: Record<string, unknown>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    let done = false;
    const stamp: AckStamp = { heldMs: 0 };
    const timer = setTimeout(() => {
      if (done) return;
      this.options.logger.error({}, 'a Slack request was not acknowledged in time');
      if (!res.headersSent) httpFunc.buildNoBodyResponse(res, 404);
    }, UNACKED_MS);
    const ack: AckFn<string | RespondArguments> = async (response) => {
      if (done) throw new ReceiverMultipleAckError();
      done = true;
      clearTimeout(timer);
      httpFunc.buildContentResponse(res, response);
      stamp.at = performance.now();
      await this.held(stamp, body);
    };
    try {
      await this.process(body, retryOf(req), ack, stamp);
    } catch (err) {
      if (res.headersSent) {
        this.options.logger.error({ err }, 'Slack request failed after its ack');
        return;
      }
      done = true;
      clearTimeout(timer);
      const unauthorized = err instanceof AuthorizationError;
      if (!unauthorized) this.options.logger.error({ err }, 'Slack request failed before its ack');
      httpFunc.buildNoBodyResponse(res, unauthorized ? 401 : 500);
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

/** Slack's retry headers, read as Bolt's own receiver reads them. */
function retryOf(req: IncomingMessage): Retry {
  return {
    retryNum: httpFunc.extractRetryNumFromHTTPRequest(req),
    retryReason: httpFunc.extractRetryReasonFromHTTPRequest(req),
  };
}
