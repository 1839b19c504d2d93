import { ApiError, bool, str } from '../api-error.js';
import type { Method } from '../context.js';

/** The one IM between the bot and `user`: the same `D…` id every time, as Slack gives. */
export function imIdOf(user: string): string {
  return `D${user.slice(1)}`;
}

/**
 * `conversations.open` with `users` (one person: their IM with the bot) or `channel` (an IM
 * resumed). Several users would make a group DM, which querydesk never opens: refused plainly.
 */
const conversationsOpen: Method = ({ state, args }) => {
  const channelArg = str(args, 'channel');
  const usersArg = Array.isArray(args.users) ? args.users.join(',') : str(args, 'users');
  if (!channelArg && !usersArg) throw new ApiError('users_list_not_supplied');
  let id: string;
  if (channelArg) {
    if (!state.channels.get(channelArg)?.isIm) throw new ApiError('channel_not_found');
    id = channelArg;
  } else {
    const users = (usersArg ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (users.length === 0) throw new ApiError('users_list_not_supplied');
    if (users.length > 1) throw new ApiError('not_supported', { detail: 'group DMs' });
    const [user = ''] = users;
    if (!/^[UW][A-Z0-9]+$/.test(user)) throw new ApiError('user_not_found');
    if (user === state.id.botUserId) throw new ApiError('cannot_dm_bot');
    id = imIdOf(user);
  }
  const already = state.channels.has(id);
  if (!already && bool(args, 'prevent_creation')) return { no_op: true };
  const channel = state.channel(id);
  return {
    channel: bool(args, 'return_im')
      ? { id: channel.id, created: 0, is_im: true, is_org_shared: false, user: `U${id.slice(1)}` }
      : { id: channel.id },
    ...(already ? { no_op: true, already_open: true } : {}),
  };
};

export const peopleMethods: Record<string, Method> = {
  'conversations.open': conversationsOpen,
};
