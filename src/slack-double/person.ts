import { randomUUID } from 'node:crypto';
import { type CommandInput, common, sendEvent } from './interactions.js';
import { createResponseUrl } from './response-url.js';
import { formBody, postSigned } from './send.js';
import type { DoubleState } from './state.js';
import type { AckResult, DoubleMessage } from './types.js';
import { messageJson } from './wire.js';

type Ctx = { state: DoubleState; baseUrl: string };

export interface PersonMessageInput {
  user: string;
  channel: string;
  /** As Slack stores it: `&`, `<`, `>` escaped, mentions as `<@U…>`. See `slackText`. */
  text: string;
  /** The thread's parent ts, for a reply. */
  threadTs?: string;
}

export interface PersonMessageResult {
  message: DoubleMessage;
  /** The event the bot was sent, if the message is one it subscribes to. */
  event?: Record<string, unknown> & { type: string };
  ack?: AckResult;
}

/** What a person typed, as Slack stores it: entities escaped and `@name` written as a mention. */
export function slackText(typed: string, mentions: Record<string, string> = {}): string {
  let text = typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const [name, id] of Object.entries(mentions)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`(^|[^\\w@])@${escaped}(?![\\w-])`, 'gi'), `$1<@${id}>`);
  }
  return text;
}

/** The rich_text block Slack's client sends with a typed message: text runs and user mentions. */
function richText(text: string): unknown[] {
  const elements: unknown[] = [];
  const decode = (s: string) =>
    s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  let last = 0;
  for (const m of text.matchAll(/<@([UW][A-Z0-9]+)>/g)) {
    if (m.index > last) elements.push({ type: 'text', text: decode(text.slice(last, m.index)) });
    elements.push({ type: 'user', user_id: m[1] });
    last = m.index + m[0].length;
  }
  if (last < text.length) elements.push({ type: 'text', text: decode(text.slice(last)) });
  if (elements.length === 0) return [];
  return [
    {
      type: 'rich_text',
      block_id: randomUUID().slice(0, 5),
      elements: [{ type: 'rich_text_section', elements }],
    },
  ];
}

/**
 * A person posts a message, and the bot hears it as Slack's Events API would tell it: in an IM
 * with the bot, a `message` event with `channel_type: 'im'` (`message.im`); in a channel, an
 * `app_mention` when the text mentions the bot, and nothing otherwise (querydesk does not
 * subscribe to channel messages).
 */
export async function postAsPerson(
  ctx: Ctx,
  target: string,
  input: PersonMessageInput,
): Promise<PersonMessageResult> {
  const { state } = ctx;
  const channel = state.channel(input.channel);
  const message = state.addMessage({
    channel: channel.id,
    ts: state.nextTs(),
    user: input.user,
    text: input.text,
    blocks: richText(input.text),
    files: [],
    ephemeral: false,
    ...(input.threadTs ? { threadTs: input.threadTs } : {}),
    edits: 0,
    via: 'person',
  });
  const mentioned = input.text.includes(`<@${state.id.botUserId}>`);
  const type = channel.isIm ? 'message' : mentioned ? 'app_mention' : undefined;
  if (!type) return { message };
  const event = {
    type,
    ...(channel.isIm ? { channel_type: 'im' } : {}),
    client_msg_id: randomUUID(),
    text: message.text,
    user: message.user,
    ts: message.ts,
    team: state.id.teamId,
    blocks: message.blocks,
    channel: channel.id,
    event_ts: message.ts,
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
  };
  const ack = await sendEvent(ctx, target, event);
  return { message, event, ack };
}

export interface MessageActionInput {
  /** The message shortcut's callback_id, e.g. `lookup_message`. */
  callbackId: string;
  user: string;
  channel: string;
  messageTs: string;
  team?: string;
  enterprise?: CommandInput['enterprise'];
}

/** The signed `message_action` payload Slack sends when a message shortcut is chosen. */
export async function sendMessageAction(
  { state, baseUrl }: Ctx,
  target: string,
  input: MessageActionInput,
): Promise<AckResult> {
  const message = state.findMessage(input.channel, input.messageTs);
  // Slack offers no message shortcuts on ephemeral messages.
  if (!message || message.ephemeral)
    throw new Error(`no message ${input.messageTs} in ${input.channel}`);
  const ch = state.channel(input.channel);
  const payload = {
    type: 'message_action',
    ...common(state, input.user, input.team, input.enterprise),
    callback_id: input.callbackId,
    trigger_id: state.mintTrigger(input.user),
    action_ts: (state.now().getTime() / 1000).toFixed(6),
    message_ts: message.ts,
    channel: { id: ch.id, name: ch.isIm ? 'directmessage' : ch.name },
    message: messageJson(state, message),
    response_url: createResponseUrl(state, baseUrl, { channel: ch.id, user: input.user }),
  };
  return postSigned(
    state,
    target,
    formBody({ payload: JSON.stringify(payload) }),
    'application/x-www-form-urlencoded',
  );
}
