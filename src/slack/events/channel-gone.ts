import { type EndReason, endSubscriptionsWhere } from '../../subscriptions/index.js';
import { readEventTeam } from '../blocks/values.js';
import type { SlackDeps } from '../context.js';
import type { EventDef } from './event.js';

/**
 * The channel can no longer take the subscription's posts: its subscriptions end, so nothing is
 * polled for them. Their messages are left as they were: the bot can no longer edit them there.
 */
async function endIn(
  deps: SlackDeps,
  teamId: string | undefined,
  channelId: string,
  reason: EndReason,
): Promise<void> {
  if (!teamId) return;
  const ended = await endSubscriptionsWhere(
    deps.store.db,
    { workspaceId: teamId, channelId },
    reason,
    deps.clock().getTime(),
  );
  if (ended.length > 0) {
    deps.logger.info(
      { team: teamId, channel: channelId, reason, ended: ended.length },
      'channel subscriptions ended',
    );
  }
}

/** Someone left a channel; only the bot's own leaving (removed by someone) matters here. */
export const memberLeftChannel: EventDef<'member_left_channel'> = {
  event: 'member_left_channel',
  async handle({ event, body, context }, deps) {
    if (!context.botUserId || event.user !== context.botUserId) return;
    await endIn(deps, readEventTeam(body) ?? event.team, event.channel, 'left_channel');
  },
};

/** The bot left (or was removed from) a public channel. */
export const channelLeft: EventDef<'channel_left'> = {
  event: 'channel_left',
  async handle({ event, body }, deps) {
    await endIn(deps, readEventTeam(body), event.channel, 'left_channel');
  },
};

/** The bot left (or was removed from) a private channel. */
export const groupLeft: EventDef<'group_left'> = {
  event: 'group_left',
  async handle({ event, body }, deps) {
    await endIn(deps, readEventTeam(body), event.channel, 'left_channel');
  },
};

/** The channel was archived. */
export const channelArchive: EventDef<'channel_archive'> = {
  event: 'channel_archive',
  async handle({ event, body }, deps) {
    await endIn(deps, readEventTeam(body), event.channel, 'archived');
  },
};
