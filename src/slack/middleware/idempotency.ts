import { createHash } from 'node:crypto';
import type { AckFn, AnyMiddlewareArgs, Context, Middleware, RespondArguments } from '@slack/bolt';
import type { Logger } from 'pino';
import type { IdempotencyKeys } from '../../store/idempotency.js';

/** A retried delivery (the same command, event or shortcut) is recognised for this long. */
export const DELIVERY_WINDOW_MS = 10 * 60_000;
/** A second click or submission of the same control with the same values is dropped within this. */
export const INTENT_WINDOW_MS = 10_000;
/**
 * The same signed request sent again is dropped within this. A signature is accepted up to
 * 5 minutes either side of its timestamp, so one signed request can arrive anywhere in a 10-minute
 * span: its key must outlive that, or a copy replayed after the intent window runs again.
 */
export const REPLAY_WINDOW_MS = 10 * 60_000;

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
 *   message or view (as drawn: its hash) it sits in; not action_ts, which differs between two
 *   clicks of one intent;
 * - a submission: the view (id and hash), who submitted it and what the form held, so a form
 *   corrected after an error is a new intent.
 * A click or submission also has a replay key: the whole payload (its trigger_id and action_ts
 * differ between two real clicks), held for REPLAY_WINDOW_MS, so the same signed request sent
 * again after the short intent window still does nothing.
 */
export function deliveryKey(
  body: unknown,
): { key: string; ttlMs: number; replayKey?: string } | undefined {
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
      // A view's hash changes each time it is redrawn: picking A, then B, then A again in a
      // modal is three intents, while a double click on one drawing of it stays one.
      const view = obj(b.view);
      const place =
        str(obj(b.container)?.message_ts) ??
        str(obj(b.message)?.ts) ??
        (str(view?.id) && `${str(view?.id)}.${str(view?.hash) ?? ''}`) ??
        str(obj(b.channel)?.id) ??
        '-';
      const control = actions.map((a) => {
        const { action_ts: _ts, ...rest } = a ?? {};
        return rest;
      });
      return {
        key: `action:${team}:${user}:${place}:${digest(control)}`,
        ttlMs: INTENT_WINDOW_MS,
        replayKey: `replay:${team}:${digest(b)}`,
      };
    }
    case 'view_submission': {
      const view = obj(b.view);
      const id = str(view?.id);
      if (!id) return undefined;
      const form = digest([str(view?.hash), obj(view?.state)?.values ?? null]);
      return {
        key: `view:${team}:${user}:${id}:${form}`,
        ttlMs: INTENT_WINDOW_MS,
        replayKey: `replay:${team}:${digest(b)}`,
      };
    }
    default:
      return undefined;
  }
}

/** Where the edge leaves a slash command's claim for its listener to make after the ack. */
const CLAIM = 'querydeskClaimDelivery';

/** Thrown by a command's ack when its delivery was already handled: the listener stops there. */
export class DuplicateDelivery extends Error {
  constructor() {
    super('duplicate Slack delivery; already handled');
    this.name = 'DuplicateDelivery';
  }
}

/** True for what a listener throws when it stopped at a duplicate (Bolt may wrap it). */
export function isDuplicateDelivery(err: unknown): boolean {
  const original = (err as { original?: unknown } | null)?.original;
  return err instanceof DuplicateDelivery || original instanceof DuplicateDelivery;
}

/**
 * One Bolt global middleware: every delivery or intent is claimed in the store before it does
 * anything (a paid call, a public post); a duplicate is acknowledged and nothing else happens.
 * A click, submission, shortcut or event is claimed before its listener runs. A slash command is
 * claimed after its ack instead (`claimAfterAck`), so nothing before a command's ack waits on the
 * store: under a burst those writes delayed every ack behind them. If the store cannot be reached
 * the request runs: the ledger records any charge either way, and refusing every command would be
 * worse.
 */
export function idempotencyMiddleware(deps: {
  keys: IdempotencyKeys;
  logger: Logger;
  onDuplicate?: (kind: string) => void;
}): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const found = deliveryKey(args.body);
    if (!found) return args.next();
    const kind = found.key.slice(0, found.key.indexOf(':'));
    const claim = async () => {
      let first = true;
      try {
        if (found.replayKey) first = await deps.keys.claim(found.replayKey, REPLAY_WINDOW_MS);
        if (first) first = await deps.keys.claim(found.key, found.ttlMs);
      } catch (err) {
        deps.logger.warn({ err }, 'idempotency key not claimed; handling the request anyway');
      }
      if (!first) {
        deps.logger.info(
          { kind, retryNum: args.context.retryNum },
          'duplicate Slack request ignored',
        );
        deps.onDuplicate?.(kind);
      }
      return first;
    };
    if (kind === 'command') {
      args.context[CLAIM] = claim;
      return args.next();
    }
    if (await claim()) return args.next();
    if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
  };
}

/**
 * A command listener's arguments with an `ack` that answers Slack first, then claims the delivery
 * (see idempotencyMiddleware); on a duplicate it throws DuplicateDelivery after acking, so the
 * work after the ack never runs twice.
 */
export function claimAfterAck<
  A extends { ack: AckFn<string | RespondArguments>; context: Context },
>(args: A): A {
  const claim = args.context[CLAIM] as (() => Promise<boolean>) | undefined;
  if (typeof claim !== 'function') return args;
  let claimed: Promise<boolean> | undefined;
  const ack: AckFn<string | RespondArguments> = async (response) => {
    await args.ack(response);
    claimed ??= claim();
    if (!(await claimed)) throw new DuplicateDelivery();
  };
  return { ...args, ack };
}
