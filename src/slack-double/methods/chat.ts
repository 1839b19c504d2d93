import { ApiError, type Args, required, str } from '../api-error.js';
import type { Method } from '../context.js';
import type { DoubleState } from '../state.js';
import type { DoubleMessage } from '../types.js';
import { messageJson, permalink } from '../wire.js';
import { messageContent, targetChannel } from './message-input.js';

/** A new bot message from chat.postMessage or chat.postEphemeral arguments. */
function postBotMessage(
  state: DoubleState,
  args: Args,
  how: { via: 'chat.postMessage' } | { via: 'chat.postEphemeral'; visibleTo: string },
): DoubleMessage {
  const channel = targetChannel(state, args);
  const { text, blocks } = messageContent(args);
  if (!text && !blocks?.length && args.attachments === undefined) throw new ApiError('no_text');
  return state.addMessage({
    channel: channel.id,
    ts: state.nextTs(),
    user: state.id.botUserId,
    botId: state.id.botId,
    text: text ?? '',
    blocks: blocks ?? [],
    files: [],
    ephemeral: how.via === 'chat.postEphemeral',
    ...(how.via === 'chat.postEphemeral' ? { visibleTo: how.visibleTo } : {}),
    threadTs: str(args, 'thread_ts'),
    edits: 0,
    via: how.via,
  });
}

const postMessage: Method = ({ state, args }) => {
  const message = postBotMessage(state, args, { via: 'chat.postMessage' });
  return { channel: message.channel, ts: message.ts, message: messageJson(state, message) };
};

const postEphemeral: Method = ({ state, args }) => {
  targetChannel(state, args); // the channel is checked before the user, as before
  const user = required(args, 'user', 'user_not_found');
  const message = postBotMessage(state, args, { via: 'chat.postEphemeral', visibleTo: user });
  return { message_ts: message.ts };
};

function ownMessage(state: DoubleState, args: Args, tsKey: string, cant: string): DoubleMessage {
  const channel = targetChannel(state, args);
  const ts = required(args, tsKey, 'message_not_found');
  const message = state.findMessage(channel.id, ts);
  // Ephemeral messages cannot be reached through chat.* methods, only through response_url.
  if (!message || message.ephemeral) throw new ApiError('message_not_found');
  if (message.botId !== state.id.botId) throw new ApiError(cant);
  return message;
}

const update: Method = ({ state, args }) => {
  const message = ownMessage(state, args, 'ts', 'cant_update_message');
  const { text, blocks } = messageContent(args, { update: true });
  if (text === undefined && blocks === undefined && args.attachments === undefined) {
    throw new ApiError('no_text');
  }
  // As on Slack, fields left out keep their previous value.
  state.editMessage(message, {
    ...(text !== undefined ? { text } : {}),
    ...(blocks !== undefined ? { blocks } : {}),
  });
  return {
    channel: message.channel,
    ts: message.ts,
    text: message.text,
    message: messageJson(state, message),
  };
};

const remove: Method = ({ state, args }) => {
  const message = ownMessage(state, args, 'ts', 'cant_delete_message');
  state.deleteMessage(message);
  return { channel: message.channel, ts: message.ts };
};

const getPermalink: Method = ({ state, args, baseUrl }) => {
  const channel = required(args, 'channel', 'channel_not_found');
  const ts = required(args, 'message_ts', 'message_not_found');
  if (!state.findMessage(channel, ts)) throw new ApiError('message_not_found');
  return { channel, permalink: permalink(baseUrl, channel, ts) };
};

export const chatMethods: Record<string, Method> = {
  'chat.postMessage': postMessage,
  'chat.postEphemeral': postEphemeral,
  'chat.update': update,
  'chat.delete': remove,
  'chat.getPermalink': getPermalink,
};
