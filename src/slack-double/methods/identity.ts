import { ApiError, required } from '../api-error.js';
import type { Method } from '../context.js';
import type { DoubleState } from '../state.js';
import type { DoubleChannel, DoubleUser } from '../types.js';

const authTest: Method = ({ state, baseUrl }) => ({
  url: `${baseUrl}/`,
  team: 'Slack Double',
  user: 'querydesk',
  team_id: state.id.teamId,
  user_id: state.id.botUserId,
  bot_id: state.id.botId,
  is_enterprise_install: false,
});

function channelJson(state: DoubleState, c: DoubleChannel): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    is_channel: !c.isIm && !c.isPrivate,
    is_group: c.isPrivate,
    is_im: c.isIm,
    is_private: c.isPrivate || c.isIm,
    is_member: c.isIm || c.botIsMember,
    is_archived: false,
    is_general: false,
    context_team_id: state.id.teamId,
    ...(c.isIm ? { user: `U${c.id.slice(1)}` } : {}),
  };
}

const conversationsInfo: Method = ({ state, args }) => {
  const id = required(args, 'channel', 'channel_not_found');
  return { channel: channelJson(state, state.channel(id)) };
};

const conversationsJoin: Method = ({ state, args }) => {
  const channel = state.channel(required(args, 'channel', 'channel_not_found'));
  if (channel.isIm) throw new ApiError('method_not_supported_for_channel_type');
  const already = channel.botIsMember;
  channel.botIsMember = true;
  return {
    channel: channelJson(state, channel),
    ...(already ? { warning: 'already_in_channel' } : {}),
  };
};

function userJson(state: DoubleState, u: DoubleUser, locale: boolean): Record<string, unknown> {
  const isBot = u.id === state.id.botUserId;
  return {
    id: u.id,
    team_id: state.id.teamId,
    name: isBot ? 'querydesk' : u.name,
    real_name: u.realName,
    tz: u.tz,
    is_admin: u.isAdmin || u.isOwner === true,
    is_owner: u.isOwner === true,
    is_bot: isBot,
    deleted: false,
    profile: { real_name: u.realName, display_name: u.name },
    ...(locale ? { locale: u.locale } : {}),
  };
}

const withLocale = (args: Record<string, unknown>) =>
  args.include_locale === true || args.include_locale === 'true';

const usersInfo: Method = ({ state, args }) => {
  const id = required(args, 'user', 'user_not_found');
  return { user: userJson(state, state.user(id), withLocale(args)) };
};

/**
 * `users.list`: the people the double knows (added or seen), paged as Slack pages it: `limit`
 * (default 0, all; at most 1000 a page as Slack caps it) and an opaque `cursor`, with
 * `response_metadata.next_cursor` empty on the last page.
 */
const usersList: Method = ({ state, args }) => {
  const all = [...state.users.values()].sort((a, b) => a.id.localeCompare(b.id));
  const limit = Math.min(1000, Number(args.limit ?? 0) || 1000);
  const cursor = typeof args.cursor === 'string' && args.cursor ? args.cursor : '';
  const from = cursor ? Number(Buffer.from(cursor, 'base64').toString('utf8').slice(5)) : 0;
  if (!Number.isSafeInteger(from) || from < 0) throw new ApiError('invalid_cursor');
  const page = all.slice(from, from + limit);
  const next =
    from + limit < all.length ? Buffer.from(`user:${from + limit}`).toString('base64') : '';
  return {
    members: page.map((u) => userJson(state, u, withLocale(args))),
    cache_ts: Math.floor(state.now().getTime() / 1000),
    response_metadata: { next_cursor: next },
  };
};

export const identityMethods: Record<string, Method> = {
  'auth.test': authTest,
  'conversations.info': conversationsInfo,
  'conversations.join': conversationsJoin,
  'users.info': usersInfo,
  'users.list': usersList,
};
