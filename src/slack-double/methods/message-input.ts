import { ApiError, type Args, json, str } from '../api-error.js';
import { messageErrors } from '../block-kit/message-errors.js';
import type { DoubleState } from '../state.js';
import type { DoubleChannel } from '../types.js';
import { imIdOf } from './people.js';

/** `text` and `blocks` of a post or update; block-limit violations answer `invalid_blocks` as Slack does. */
export function messageContent(
  args: Args,
  opts: { update?: boolean } = {},
): { text?: string; blocks?: unknown[] } {
  const text = str(args, 'text');
  const blocks = optionalBlocks(args);
  if (blocks !== undefined) {
    const problems = messageErrors(blocks);
    if (problems.length)
      throw new ApiError('invalid_blocks', { response_metadata: { messages: problems } });
  }
  if (text !== undefined) {
    if (opts.update && text.length > 4000) throw new ApiError('msg_too_long');
    if (text.length > 40_000) throw new ApiError('msg_too_long');
  }
  return { text, blocks };
}

/** Resolves a `channel` argument: a user id means the DM with that user. */
export function targetChannel(state: DoubleState, args: Args, key = 'channel'): DoubleChannel {
  const raw = str(args, key);
  if (!raw) throw new ApiError('channel_not_found');
  // As on Slack, a user id posts into the app's IM with that person.
  const id = /^[UW]/.test(raw) ? imIdOf(raw) : raw;
  const channel = state.channel(id);
  if (!channel.isIm && !channel.botIsMember) throw new ApiError('not_in_channel');
  return channel;
}

function optionalBlocks(args: Args): unknown[] | undefined {
  if (args.blocks === undefined) return undefined;
  const blocks = json(args, 'blocks', 'invalid_blocks_format');
  if (!Array.isArray(blocks)) throw new ApiError('invalid_blocks_format');
  return blocks;
}
