import { parse } from 'node:querystring';
import type { RespondArguments, SlashCommand } from '@slack/bolt';
import type { EarlyAckPlanner } from './ack-plan.js';
import type { SlackVerifier } from './slack-signature.js';

/**
 * What the receiver does with a Slack request whose body is read, decided once, with nothing
 * written yet.
 * - `refuse`: a signature that does not hold (missing, wrong, stale, future: 401, nothing is
 *   parsed) or a body that does not parse (400).
 * - `answer`: Slack's own checks (ssl_check, url_verification), answered here.
 * - `acked`: acked at once and handed to Bolt after: a lookup command the planner decides from its
 *   text (its ack's body in `response`), or an Events API delivery (an empty 200, as Bolt's).
 * - `listener`: the ack is the listener's to give (a modal's response_action, a command that opens
 *   a form, a subcommand, interactivity, function_executed).
 */
export type SlackDecision =
  | { kind: 'refuse'; status: 400 | 401; why: string }
  | { kind: 'answer'; body?: Record<string, unknown> }
  | {
      kind: 'acked';
      body: Record<string, unknown>;
      response?: RespondArguments;
      /** A command's name and its ack as sent ('' for an empty ack); absent for an event. */
      command?: { name: string; sent: string };
    }
  | { kind: 'listener'; body: Record<string, unknown> };

export interface SlackHeaders {
  timestamp: unknown;
  signature: unknown;
  contentType: unknown;
}

const FORM = 'application/x-www-form-urlencoded';

/** The body as Bolt reads it: a form (its `payload` field as JSON, when there is one) or JSON. */
function parseBody(raw: Buffer, contentType: unknown): Record<string, unknown> {
  const type = typeof contentType === 'string' ? contentType.split(';', 1)[0]!.trim() : '';
  if (type === FORM) {
    const form: Record<string, unknown> = parse(raw.toString());
    return typeof form.payload === 'string' ? JSON.parse(form.payload) : form;
  }
  const body: unknown = JSON.parse(raw.toString());
  if (typeof body !== 'object' || body === null) throw new Error('not an object');
  return body as Record<string, unknown>;
}

/**
 * The one decision for a request on /slack/events: its signature over the bytes as received
 * first (before anything is parsed), then the parse, then what acks it.
 */
export function decideSlackRequest(
  raw: Buffer,
  headers: SlackHeaders,
  check: { verify: SlackVerifier; planner: EarlyAckPlanner },
  nowMs: number,
): SlackDecision {
  if (!check.verify(headers, raw, nowMs)) {
    return { kind: 'refuse', status: 401, why: 'signature' };
  }
  let body: Record<string, unknown>;
  try {
    body = parseBody(raw, headers.contentType);
  } catch {
    return { kind: 'refuse', status: 400, why: 'body' };
  }
  if (body.ssl_check === '1') return { kind: 'answer' };
  if (body.type === 'url_verification')
    return { kind: 'answer', body: { challenge: body.challenge } };
  if (typeof body.command === 'string') {
    const plan = check.planner(body as unknown as SlashCommand);
    if (!plan) return { kind: 'listener', body };
    const sent = plan.response === undefined ? '' : JSON.stringify(plan.response);
    return {
      kind: 'acked',
      body,
      response: plan.response,
      command: { name: body.command, sent },
    };
  }
  const event = body.event as { type?: unknown } | undefined;
  if (body.type === 'event_callback' && event?.type !== 'function_executed') {
    return { kind: 'acked', body };
  }
  return { kind: 'listener', body };
}

/** The workspace a Slack request comes from (a command's or an event's `team_id`), if it says. */
export function teamOf(body: Record<string, unknown>): string | undefined {
  return typeof body.team_id === 'string' ? body.team_id : undefined;
}
