import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse, stringify } from 'node:querystring';
import type { App, RespondArguments, SlashCommand } from '@slack/bolt';
import { afterPendingAcks } from './ack-first.js';
import { answerNoBody, answerWith, retryOf } from './http-answers.js';
import { signedBySlack, slackDigest } from './slack-signature.js';

/**
 * A slash command's ack decided from its text alone: `{}` for an empty ack (a refusal of bad
 * input too: it is sent after, in the asker's language), `{ response }` for an ack that answers.
 * Undefined: the command needs its listener to decide
 * (a modal, a subcommand, a command with its own flow), and goes through Bolt as any request.
 */
export type EarlyAckPlanner = (
  command: SlashCommand,
) => { response?: RespondArguments } | undefined;

/**
 * What the early path logs: a pino logger on the main thread; in the edge thread, lines posted to
 * the main thread's logger (edge-worker.ts).
 */
export interface EdgeLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A request acked on the early path, for Bolt's `processEvent` (see processAcked). */
export interface AckedRequest {
  body: Record<string, unknown>;
  retryNum?: number;
  retryReason?: string;
  /** A command's name and its ack as sent ('' for an empty ack); absent for an event. */
  command?: { name: string; sent: string };
}

export interface EarlyAckOptions {
  signingSecret: string;
  bodyLimit: number;
  logger: EdgeLog;
  /** Set once the listeners are registered (see SlackRuntime.ackCommandsEarly). */
  planner: () => EarlyAckPlanner | undefined;
  /**
   * Takes each request once its ack is out: processAcked on the main thread, a message to it
   * from the edge thread.
   */
  deliver: (acked: AckedRequest) => void;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

type Buffered = IncomingMessage & { rawBody: Buffer };

/**
 * Slash commands answered before Bolt's pipeline: under a burst of 200 commands each one's trip
 * through Bolt (context, middleware chain, listener matching, a few dozen promises) sat before its
 * ack and behind every earlier command's. A form request's body is read here (readBody); for a
 * command its planner can decide from the text, its signature is checked (slack-signature.ts),
 * it is acked at once and handed on (`deliver`): to `app.processEvent` once the acks owed are
 * out (processAcked, ack-first.ts), where the listener runs as before with an `ack` that is
 * already done, or from the edge thread to the main thread, which does the same. An Events
 * API delivery is acked the same way (earlyEvent). Anything else (bad or missing signature, other
 * payloads, commands the planner leaves alone) goes to Bolt's receiver unchanged, its body already
 * read (`rawBody`, as Bolt's own reader leaves it).
 */
export function ackCommandsEarly(
  listener: RequestListener,
  opts: EarlyAckOptions,
): RequestListener {
  return (req, res) => {
    const planner = opts.planner();
    const path = req.url?.split('?', 1)[0];
    if (!planner || req.method !== 'POST' || path !== '/slack/events') return listener(req, res);
    const type = req.headers['content-type'];
    // Slack announces an event's length; a JSON body sent without one (chunked) is left to Bolt's
    // own reader, which refuses an oversized one without closing on a client still sending.
    const json =
      type?.split(';', 1)[0]?.trim() === JSON_TYPE && req.headers['content-length'] !== undefined;
    if (type !== FORM && !json) return listener(req, res);
    readBody(req, opts.bodyLimit, (failure, raw) => {
      if (failure) return refuseUnread(failure, res, opts.logger);
      const buffered = req as Buffered;
      buffered.rawBody = raw;
      if (json) earlyEvent(buffered, res, listener, opts);
      else early(buffered, res, planner, listener, opts);
    });
  };
}

/**
 * The body's bytes, handed to `done` once they are all in; or why they never will be: `too-large`
 * past `limit` (the socket is then closed), `aborted` when the client went away first. Bolt's own
 * `bufferIncomingMessage` (raw-body) does the same through a promise and half a dozen listeners per
 * request; under a burst of 200 commands that was a tenth of the ack path's time. A request Bolt
 * sees afterwards has `rawBody` set, so Bolt does not read it again.
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  done: (failure: 'too-large' | 'aborted' | undefined, raw: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (failure: 'too-large' | 'aborted' | undefined) => {
    if (settled) return;
    settled = true;
    req.removeListener('data', onData);
    done(failure, failure ? EMPTY : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) return settle('too-large');
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.once('end', () => settle(undefined));
  // 'close' before 'end': the client went away (Node also emits 'error' then; it is answered here).
  req.once('close', () => settle('aborted'));
  req.on('error', () => settle('aborted'));
}

const EMPTY = Buffer.alloc(0);

/** What the early path does with a buffered form request. */
export type EarlyDecision =
  | { kind: 'bolt' }
  | {
      kind: 'ack';
      body: Record<string, unknown>;
      command: SlashCommand;
      response?: RespondArguments;
      /** The ack's body as sent ('' for an empty ack), to compare with the listener's own. */
      sent: string;
    };

/**
 * The early path's decision for a form body, with nothing written yet: `bolt` for anything Bolt
 * must see (not a command, an ssl_check or payload, a signature that does not hold, a command the
 * planner leaves to its listener), else the ack to send. Pure: start-up primes it (primeEarlyAck).
 */
export function decideEarly(
  raw: Buffer,
  headers: { timestamp: unknown; signature: unknown },
  check: { signingSecret: string; planner: EarlyAckPlanner; logger: EdgeLog },
  nowMs: number,
): EarlyDecision {
  // The form as Bolt reads it (node:querystring); an interactivity `payload` is never a command.
  const body: Record<string, unknown> = parse(raw.toString());
  if (typeof body.command !== 'string' || 'ssl_check' in body || 'payload' in body) {
    return { kind: 'bolt' };
  }
  // Bolt refuses a bad one (401) and logs why, as for any request.
  if (!signedBySlack(check.signingSecret, headers, raw, nowMs)) return { kind: 'bolt' };
  const command = body as unknown as SlashCommand;
  let plan: { response?: RespondArguments } | undefined;
  try {
    plan = check.planner(command);
  } catch (err) {
    check.logger.warn({ err, command: command.command }, 'early ack not planned');
  }
  if (!plan) return { kind: 'bolt' };
  const sent = plan.response === undefined ? '' : JSON.stringify(plan.response);
  return { kind: 'ack', body, command, response: plan.response, sent };
}

function early(
  req: Buffered,
  res: ServerResponse,
  planner: EarlyAckPlanner,
  listener: RequestListener,
  opts: EarlyAckOptions,
): void {
  const decided = decideEarly(
    req.rawBody,
    {
      timestamp: req.headers['x-slack-request-timestamp'],
      signature: req.headers['x-slack-signature'],
    },
    { signingSecret: opts.signingSecret, planner, logger: opts.logger },
    Date.now(),
  );
  if (decided.kind === 'bolt') return void listener(req, res);
  const { body, command, sent } = decided;
  answerWith(res, decided.response);
  opts.deliver({ body, ...retryOf(req), command: { name: command.command, sent } });
}

/** The workspace a Slack request comes from (a command's or an event's `team_id`), if it says. */
export function teamOf(body: Record<string, unknown>): string | undefined {
  return typeof body.team_id === 'string' ? body.team_id : undefined;
}

/**
 * An early-acked request to Bolt's `processEvent` once the acks owed are out (ack-first.ts), kept
 * in the work a shutdown waits for; what its listener throws is logged. A command's listener gets
 * an `ack` that is already done, which checks that it acked as the early path did.
 */
export function processAcked(
  acked: AckedRequest,
  to: { app: App; track: <T>(work: Promise<T>) => Promise<T>; logger: EdgeLog },
): void {
  const { command } = acked;
  let done = false;
  const ack = async (response?: string | RespondArguments) => {
    if (!command) return;
    if (done) throw new Error('the command was acknowledged twice');
    done = true;
    const said = response === undefined ? '' : JSON.stringify(response);
    // The planner and the listener decide from the same function; a difference is a defect.
    if (said !== command.sent) {
      to.logger.warn({ command: command.name }, 'listener acked differently from early ack');
    }
  };
  void to.track(
    afterPendingAcks(teamOf(acked.body))
      .then(() =>
        to.app.processEvent({
          body: acked.body,
          ack,
          retryNum: acked.retryNum,
          retryReason: acked.retryReason,
          customProperties: {},
        }),
      )
      .catch((err) =>
        command
          ? to.logger.error({ err, command: command.name }, 'command failed after its early ack')
          : to.logger.error({ err }, 'event failed after its early ack'),
      ),
  );
}

/**
 * An Events API delivery whose ack carries nothing: Bolt acks those right away too, but only after
 * `authorize`, which in many-workspace mode reads the installation from the database, so under
 * background load a Home opening's ack waited for a pool connection. The ack (an empty 200, as
 * Bolt's) goes out here once the signature holds, and the event goes to `app.processEvent`, which
 * authorizes it and runs its listeners (nothing for a team without an installation, as before).
 * `function_executed` is left to Bolt (its listener may ack it itself), as is anything that is
 * not an `event_callback` (url_verification answers with its challenge).
 */
export function decideEarlyEvent(
  raw: Buffer,
  headers: { timestamp: unknown; signature: unknown },
  signingSecret: string,
  nowMs: number,
): Record<string, unknown> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { type?: unknown; event?: { type?: unknown } };
  if (b.type !== 'event_callback' || b.event?.type === 'function_executed') return undefined;
  if (!signedBySlack(signingSecret, headers, raw, nowMs)) return undefined;
  return body as Record<string, unknown>;
}

function earlyEvent(
  req: Buffered,
  res: ServerResponse,
  listener: RequestListener,
  opts: EarlyAckOptions,
): void {
  const headers = {
    timestamp: req.headers['x-slack-request-timestamp'],
    signature: req.headers['x-slack-signature'],
  };
  const body = decideEarlyEvent(req.rawBody, headers, opts.signingSecret, Date.now());
  if (!body) return void listener(req, res);
  answerWith(res, undefined);
  opts.deliver({ body, ...retryOf(req) });
}

/** A command text to prime the early path with (see primeEarlyAck). */
export interface EarlyAckSample {
  command: string;
  text: string;
}

/**
 * Start-up runs the early path's decision on made-up commands, signed with the real secret, so V8
 * has compiled it before the first burst: in a fresh process that burst otherwise ran the form
 * parse, the HMAC, the tokenizer and the zod schemas in the interpreter, and the last of 200 acks
 * came about 50 ms later (README, Load). Nothing leaves the function: no request, no store, no
 * gateway, no Slack; only the planner runs, as for a real command. The decisions are counted for
 * the log.
 */
export function primeEarlyAck(
  check: { signingSecret: string; planner: EarlyAckPlanner; logger: EdgeLog },
  samples: readonly EarlyAckSample[],
  /** How many decisions to make in all, the samples taken in turn. */
  decisions: number,
  nowMs: number = Date.now(),
): { acked: number; answered: number; bolt: number } {
  const counts = { acked: 0, answered: 0, bolt: 0 };
  if (!check.signingSecret || samples.length === 0) return counts;
  const timestamp = String(Math.floor(nowMs / 1000));
  // Encoded both ways a form may come (`+` as Slack sends it, `%20` as node:querystring
  // writes), so the parse is compiled for both and not thrown out by the first real command.
  const forms = samples.flatMap(({ command, text }, i) => {
    const fields = {
      token: 'primer',
      team_id: 'T0PRIMER',
      team_domain: 'primer',
      channel_id: 'C0PRIMER',
      channel_name: 'primer',
      user_id: `U0PRIMER${i}`,
      user_name: 'primer',
      command,
      text,
      api_app_id: 'A0PRIMER',
      is_enterprise_install: 'false',
      response_url: 'https://hooks.slack.com/commands/T0PRIMER/1/primer',
      trigger_id: '1.1.primer',
    };
    return [new URLSearchParams(fields).toString(), stringify(fields)].map((form) => {
      const digest = slackDigest(check.signingSecret, timestamp, form).toString('hex');
      return { raw: Buffer.from(form), headers: { timestamp, signature: `v0=${digest}` } };
    });
  });
  for (let made = 0; made < decisions; made++) {
    const { raw, headers } = forms[made % forms.length]!;
    const decided = decideEarly(raw, headers, check, nowMs);
    if (decided.kind === 'bolt') counts.bolt++;
    else if (decided.response) counts.answered++;
    else counts.acked++;
  }
  return counts;
}

/**
 * A body that could not be read, answered as Bolt's receiver answers it: 413 past the limit (and
 * the connection closed, the rest unread), else 401.
 */
function refuseUnread(
  failure: 'too-large' | 'aborted',
  res: ServerResponse,
  logger: EdgeLog,
): void {
  const tooLarge = failure === 'too-large';
  logger.warn({ tooLarge }, 'request body not read');
  if (res.headersSent || res.destroyed) return;
  if (tooLarge) res.setHeader('connection', 'close');
  answerNoBody(res, tooLarge ? 413 : 401);
}
