import { ApiError, bool, required, str } from '../api-error.js';
import type { Method } from '../context.js';
import type { DoubleState } from '../state.js';
import type { DoubleUser } from '../types.js';

/** A user object as `users.info` and `users.list` give it. */
export function userJson(
  state: DoubleState,
  u: DoubleUser,
  withLocale: boolean,
): Record<string, unknown> {
  const isBot = u.id === state.id.botUserId;
  return {
    id: u.id,
    team_id: state.id.teamId,
    name: isBot ? 'querydesk' : u.name,
    real_name: u.realName,
    tz: u.tz,
    is_admin: u.isAdmin || u.isOwner,
    is_owner: u.isOwner,
    is_bot: isBot,
    deleted: false,
    profile: { real_name: u.realName, display_name: u.name },
    ...(withLocale ? { locale: u.locale } : {}),
  };
}

const usersInfo: Method = ({ state, args }) => {
  const id = required(args, 'user', 'user_not_found');
  return { user: userJson(state, state.user(id), bool(args, 'include_locale')) };
};

/**
 * `users.list`: every person the double knows, and the bot, paged by `limit` and `cursor` as
 * Slack does (the cursor is opaque; an empty `next_cursor` means the last page).
 */
const usersList: Method = ({ state, args }) => {
  state.user(state.id.botUserId);
  const all = [...state.users.values()].sort((a, b) => a.id.localeCompare(b.id));
  const limit = Math.max(1, Math.min(Number(str(args, 'limit') ?? 0) || 1000, 1000));
  const cursor = str(args, 'cursor') ?? '';
  let start = 0;
  if (cursor) {
    start = Number(
      Buffer.from(cursor, 'base64')
        .toString()
        .replace(/^offset:/, ''),
    );
    if (!Number.isInteger(start) || start < 0 || start > all.length)
      throw new ApiError('invalid_cursor');
  }
  const page = all.slice(start, start + limit);
  const next = start + limit < all.length ? `offset:${start + limit}` : '';
  return {
    members: page.map((u) => userJson(state, u, bool(args, 'include_locale'))),
    cache_ts: Math.floor(state.now().getTime() / 1000),
    response_metadata: { next_cursor: next ? Buffer.from(next).toString('base64') : '' },
  };
};

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
  'users.info': usersInfo,
  'users.list': usersList,
  'conversations.open': conversationsOpen,
};
