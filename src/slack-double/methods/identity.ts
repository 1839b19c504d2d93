import { ApiError, required } from '../api-error.js';
import type { Method } from '../context.js';
import type { DoubleState } from '../state.js';
import type { DoubleChannel } from '../types.js';

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

export const identityMethods: Record<string, Method> = {
  'auth.test': authTest,
  'conversations.info': conversationsInfo,
  'conversations.join': conversationsJoin,
};
