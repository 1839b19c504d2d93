import { createHash } from 'node:crypto';
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from 'pino';
import type { IdempotencyKeys } from '../store/idempotency.js';

/** A retried delivery (the same command, event or shortcut) is recognised for this long. */
export const DELIVERY_WINDOW_MS = 10 * 60_000;
/** A second click or submission of the same control with the same values is dropped within this. */
export const INTENT_WINDOW_MS = 10_000;

type Payload = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Payload | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Payload) : undefined;
const digest = (v: unknown) =>
  createHash('sha256').update(JSON.stringify(v)).digest('base64url').slice(0, 22);

/**
 * The key that makes a second arrival of the same thing a duplicate, or undefined for payloads
 * that change nothing (option loads, closed views).
 * - a slash command or shortcut: its trigger_id, which a Slack retry repeats and a new
 *   invocation never does;
 * - an event: its event_id;
 * - a click: the control (action and block id, its value or selection), who clicked, and the
 *   message or view it sits in; not action_ts, which differs between two clicks of one intent;
 * - a submission: the view (id and hash), who submitted it and what the form held, so a form
 *   corrected after an error is a new intent.
 */
export function deliveryKey(body: unknown): { key: string; ttlMs: number } | undefined {
  const b = obj(body);
  if (!b) return undefined;
  const team = str(obj(b.team)?.id) ?? str(b.team_id) ?? '-';
  const user = str(obj(b.user)?.id) ?? str(b.user_id) ?? '-';
  const delivery = (kind: string, id: string | undefined) =>
    id ? { key: `${kind}:${team}:${id}`, ttlMs: DELIVERY_WINDOW_MS } : undefined;
  if (str(b.command)) return delivery('command', str(b.trigger_id));
  switch (b.type) {
    case 'event_callback':
      return delivery('event', str(b.event_id));
    case 'shortcut':
    case 'message_action':
      return delivery('shortcut', str(b.trigger_id));
    case 'block_actions': {
      const actions = Array.isArray(b.actions) ? b.actions.map(obj) : [];
      const place =
        str(obj(b.container)?.message_ts) ??
        str(obj(b.message)?.ts) ??
        str(obj(b.view)?.id) ??
        str(obj(b.channel)?.id) ??
        '-';
      const control = actions.map((a) => {
        const { action_ts: _ts, ...rest } = a ?? {};
        return rest;
      });
      return { key: `action:${team}:${user}:${place}:${digest(control)}`, ttlMs: INTENT_WINDOW_MS };
    }
    case 'view_submission': {
      const view = obj(b.view);
      const id = str(view?.id);
      if (!id) return undefined;
      const form = digest([str(view?.hash), obj(view?.state)?.values ?? null]);
      return { key: `view:${team}:${user}:${id}:${form}`, ttlMs: INTENT_WINDOW_MS };
    }
    default:
      return undefined;
  }
}

/**
 * One Bolt global middleware: every delivery or intent is claimed in the store before any
 * listener runs (so before any paid call or public post); a duplicate is acknowledged and
 * nothing else happens. If the store cannot be reached the request runs: the ledger records any
 * charge either way, and refusing every command would be worse.
 */
export function idempotencyMiddleware(deps: {
  keys: IdempotencyKeys;
  logger: Logger;
  onDuplicate?: (kind: string) => void;
}): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const found = deliveryKey(args.body);
    if (!found) return args.next();
    let first = true;
    try {
      first = await deps.keys.claim(found.key, found.ttlMs);
    } catch (err) {
      deps.logger.warn({ err }, 'idempotency key not claimed; handling the request anyway');
    }
    if (first) return args.next();
    const kind = found.key.slice(0, found.key.indexOf(':'));
    deps.logger.info({ kind, retryNum: args.context.retryNum }, 'duplicate Slack request ignored');
    deps.onDuplicate?.(kind);
    if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
  };
}
