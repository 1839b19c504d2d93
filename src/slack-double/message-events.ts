import { DEFAULT_CHANNEL, DEFAULT_USER, deliverEvent, type EventDelivery } from './interactions.js';
import type { DoubleState } from './state.js';
import type { AckResult, DoubleMessage } from './types.js';

/** A message a person writes: in a channel mentioning the bot, or to the bot directly. */
export interface PersonMessageInput {
  /** As Slack sends it: a mention is `<@BOTID>`, and `&`, `<`, `>` are escaped by the caller. */
  text: string;
  user?: string;
  /** A mention: the channel (default the double's default channel); a DM: its `D…` id. */
  channel?: string;
  /** A reply in this thread. */
  threadTs?: string;
  /** Blocks as the client sent them; default a rich_text block read from `text`. */
  blocks?: unknown[];
  /** Set on a message a bot (another app, or this one) posted: Slack adds `bot_id`. */
  botId?: string;
  /** A message event of another kind (`message_changed`, `message_deleted`, …). */
  subtype?: string;
}

/** What sending it did: the message as now stored, the event sent, and the bot's ack. */
export interface PersonMessageResult {
  ack: AckResult;
  eventId: string;
  message: DoubleMessage;
  event: Record<string, unknown>;
}

type Ctx = { state: DoubleState; baseUrl: string };

/** The rich_text block Slack's client sends with a typed message: mentions as user elements. */
export function richText(text: string): unknown[] {
  const elements: Record<string, unknown>[] = [];
  for (const part of text.split(/(<@[A-Z0-9]+(?:\|[^>]*)?>)/)) {
    const user = /^<@([A-Z0-9]+)/.exec(part)?.[1];
    if (user) elements.push({ type: 'user', user_id: user });
    else if (part) {
      const raw = part.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      elements.push({ type: 'text', text: raw });
    }
  }
  return [
    {
      type: 'rich_text',
      block_id: 'qdm',
      elements: [{ type: 'rich_text_section', elements }],
    },
  ];
}

/** The person's message, stored as the channel now shows it, and its event's fields. */
function store(state: DoubleState, input: PersonMessageInput, channel: string) {
  const user = state.user(input.user ?? DEFAULT_USER).id;
  const blocks = input.blocks ?? richText(input.text);
  const message = state.addMessage({
    channel,
    ts: state.nextTs(),
    user,
    ...(input.botId ? { botId: input.botId } : {}),
    text: input.text,
    blocks,
    files: [],
    ephemeral: false,
    ...(input.threadTs ? { threadTs: input.threadTs } : {}),
    edits: 0,
    via: 'person',
  });
  const event: Record<string, unknown> = {
    user,
    text: input.text,
    ts: message.ts,
    channel,
    team: state.id.teamId,
    blocks,
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    ...(input.botId ? { bot_id: input.botId } : {}),
    ...(input.subtype ? { subtype: input.subtype } : {}),
  };
  return { message, event };
}

/**
 * `app_mention`: a person mentions the bot in a channel (the message is stored there, in its
 * thread when `threadTs` is given) and Slack tells the bot, signed.
 */
export async function sendMention(
  ctx: Ctx,
  target: string,
  input: PersonMessageInput,
  delivery: EventDelivery = {},
): Promise<PersonMessageResult> {
  const channel = ctx.state.channel(input.channel ?? DEFAULT_CHANNEL).id;
  const { message, event } = store(ctx.state, input, channel);
  const full = { type: 'app_mention', ...event };
  const sent = await deliverEvent(ctx, target, full, delivery);
  return { ...sent, message, event: full };
}

/**
 * `message` from a direct message to the bot (the app's Messages tab, `message.im`, with
 * `channel_type: im`): stored in the person's conversation with the bot and sent, signed.
 */
export async function sendDirectMessage(
  ctx: Ctx,
  target: string,
  input: PersonMessageInput,
  delivery: EventDelivery = {},
): Promise<PersonMessageResult> {
  const user = input.user ?? DEFAULT_USER;
  const channel = ctx.state.channel(input.channel ?? `D${user.replace(/^[UW]/, '')}`).id;
  const { message, event } = store(ctx.state, { ...input, user }, channel);
  const full = { type: 'message', ...event, channel_type: 'im' };
  const sent = await deliverEvent(ctx, target, full, delivery);
  return { ...sent, message, event: full };
}

/** The same delivery again, as Slack retries it: the same event_id, X-Slack-Retry-Num set. */
export async function resendEvent(
  ctx: Ctx,
  target: string,
  sent: Pick<PersonMessageResult, 'event' | 'eventId'>,
  retryNum = 1,
): Promise<AckResult> {
  const event = sent.event as { type: string } & Record<string, unknown>;
  return (await deliverEvent(ctx, target, event, { eventId: sent.eventId, retryNum })).ack;
}
