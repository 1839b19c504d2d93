import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import {
  type App,
  HTTPModuleFunctions as httpFunc,
  type RespondArguments,
  type SlashCommand,
} from '@slack/bolt';
import type { Logger } from 'pino';
import { afterPendingAcks } from './ack-first.js';
import { signedBySlack } from './slack-signature.js';

/**
 * A slash command's ack decided from its text alone: `{}` for an empty ack, `{ response }` for an
 * ack that answers (a refusal with the usage). Undefined: the command needs its listener to decide
 * (a modal, a subcommand, a command with its own flow), and goes through Bolt as any request.
 */
export type EarlyAckPlanner = (
  command: SlashCommand,
) => { response?: RespondArguments } | undefined;

export interface EarlyAckOptions {
  signingSecret: string;
  bodyLimit: number;
  logger: Logger;
  /** Set once the listeners are registered (see SlackRuntime.ackCommandsEarly). */
  planner: () => EarlyAckPlanner | undefined;
  app: () => App;
  /** Keeps the hand-over to Bolt in the work a shutdown waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
}

const FORM = 'application/x-www-form-urlencoded';

type Buffered = IncomingMessage & { rawBody: Buffer };

/**
 * Slash commands answered before Bolt's pipeline: under a burst of 200 commands each one's trip
 * through Bolt (context, middleware chain, listener matching, a few dozen promises) sat before its
 * ack and behind every earlier command's. For a command its planner can decide from the text, the
 * request is buffered with Bolt's own function, its signature checked (slack-signature.ts), acked
 * at once, and handed to `app.processEvent` once the acks owed are out (ack-first.ts); the
 * listener then runs as before with an `ack` that is already done. Anything else (bad or missing
 * signature, other payloads, commands the planner leaves alone) goes to Bolt's receiver unchanged,
 * its body already read.
 */
export function ackCommandsEarly(
  listener: RequestListener,
  opts: EarlyAckOptions,
): RequestListener {
  return (req, res) => {
    const planner = opts.planner();
    const path = req.url?.split('?', 1)[0];
    if (!planner || req.method !== 'POST' || path !== '/slack/events') return listener(req, res);
    if (req.headers['content-type'] !== FORM) return listener(req, res);
    httpFunc.bufferIncomingMessage(req, opts.bodyLimit).then(
      (buffered) => early(buffered as Buffered, res, planner, listener, opts),
      (err: unknown) => refuseUnread(err, res, opts.logger),
    );
  };
}

function early(
  req: Buffered,
  res: ServerResponse,
  planner: EarlyAckPlanner,
  listener: RequestListener,
  opts: EarlyAckOptions,
): void {
  const text = req.rawBody.toString();
  // The form as Bolt reads it (node:querystring); an interactivity `payload` is never a command.
  const body: Record<string, unknown> = parse(text);
  if (typeof body.command !== 'string' || 'ssl_check' in body || 'payload' in body) {
    return void listener(req, res);
  }
  const signed = signedBySlack(
    opts.signingSecret,
    {
      timestamp: req.headers['x-slack-request-timestamp'],
      signature: req.headers['x-slack-signature'],
    },
    text,
    Date.now(),
  );
  // Bolt refuses it (401) and logs why, as for any request.
  if (!signed) return void listener(req, res);
  const command = body as unknown as SlashCommand;
  let plan: { response?: RespondArguments } | undefined;
  try {
    plan = planner(command);
  } catch (err) {
    opts.logger.warn({ err, command: command.command }, 'early ack not planned');
  }
  if (!plan) return void listener(req, res);
  httpFunc.buildContentResponse(res, plan.response);
  const sent = plan.response === undefined ? '' : JSON.stringify(plan.response);
  let acked = false;
  const ack = async (response?: string | RespondArguments) => {
    if (acked) throw new Error('the command was acknowledged twice');
    acked = true;
    const said = response === undefined ? '' : JSON.stringify(response);
    // The planner and the listener decide from the same function; a difference is a defect.
    if (said !== sent) {
      opts.logger.warn({ command: command.command }, 'listener acked differently from early ack');
    }
  };
  void opts.track(
    afterPendingAcks()
      .then(() =>
        opts.app().processEvent({
          body,
          ack,
          retryNum: httpFunc.extractRetryNumFromHTTPRequest(req),
          retryReason: httpFunc.extractRetryReasonFromHTTPRequest(req),
          customProperties: {},
        }),
      )
      .catch((err: unknown) => {
        opts.logger.error({ err, command: command.command }, 'command failed after its early ack');
      }),
  );
}

/** A body that could not be read: answered as Bolt's receiver answers it. */
function refuseUnread(err: unknown, res: ServerResponse, logger: Logger): void {
  const tooLarge =
    httpFunc.isRawBodyError(err) &&
    ((err as { type?: string }).type === 'entity.too.large' ||
      (err as { statusCode?: number }).statusCode === 413);
  logger.warn({ tooLarge }, 'request body not read');
  if (res.headersSent) return;
  httpFunc.buildNoBodyResponse(res, tooLarge ? 413 : 401);
}
