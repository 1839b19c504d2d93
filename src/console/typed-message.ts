import {
  type PersonMessageResult,
  richText,
  sendDirectMessage,
  sendMention,
} from '../slack-double/message-events.js';
import type { DoubleState } from '../slack-double/state.js';

/** What a person typed, as Slack stores it: entities escaped and `@handle` written as a mention. */
export function slackText(typed: string, handles: Record<string, string> = {}): string {
  let text = typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const [handle, id] of Object.entries(handles)) {
    const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`(^|[^\\w@])@${escaped}(?![\\w-])`, 'gi'), `$1<@${id}>`);
  }
  return text;
}

export interface TypedMessage {
  user: string;
  channel: string;
  /** As Slack stores it (see slackText). */
  text: string;
  threadTs?: string;
}

/**
 * A person's message, and what Slack tells the bot of it: in their IM with the bot, `message`
 * (`message.im`); in a channel, `app_mention` when it mentions the bot, else nothing (querydesk
 * does not subscribe to channel messages), the message only stored.
 */
export async function sayAsPerson(
  ctx: { state: DoubleState; baseUrl: string },
  eventsUrl: string,
  said: TypedMessage,
): Promise<Pick<PersonMessageResult, 'message'> & Partial<PersonMessageResult>> {
  const { state } = ctx;
  if (state.channel(said.channel).isIm) return sendDirectMessage(ctx, eventsUrl, said);
  if (said.text.includes(`<@${state.id.botUserId}>`)) return sendMention(ctx, eventsUrl, said);
  const message = state.addMessage({
    channel: said.channel,
    ts: state.nextTs(),
    user: said.user,
    text: said.text,
    blocks: richText(said.text),
    files: [],
    ephemeral: false,
    ...(said.threadTs ? { threadTs: said.threadTs } : {}),
    edits: 0,
    via: 'person',
  });
  return { message };
}
