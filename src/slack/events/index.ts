import type { App } from '@slack/bolt';
import type { SlackDeps } from '../context.js';
import { exactly, pick } from '../middleware/one-listener.js';
import { appHomeOpened } from './app-home.js';
import { appMention } from './app-mention.js';
import { channelArchive, channelLeft, groupLeft, memberLeftChannel } from './channel-gone.js';
import { directMessage } from './direct-message.js';
import type { EventDef, EventName } from './event.js';
import { appUninstalled, appUninstalledTeam, tokensRevoked } from './uninstall.js';
import { userChange } from './user-change.js';

/** Every subscribed event; `satisfies` makes an event without a handler a compile error. */
export const EVENTS = {
  app_home_opened: appHomeOpened,
  app_uninstalled: appUninstalled,
  app_uninstalled_team: appUninstalledTeam,
  tokens_revoked: tokensRevoked,
  user_change: userChange,
  member_left_channel: memberLeftChannel,
  channel_left: channelLeft,
  group_left: groupLeft,
  channel_archive: channelArchive,
  app_mention: appMention,
  message: directMessage,
} satisfies { [E in EventName]: EventDef<E> };

type AnyEventArgs = Parameters<EventDef<EventName>['handle']>[0];

/**
 * One Bolt listener for every subscribed event (see middleware/one-listener.ts): every listener's
 * matcher chain runs for every request, a command's included, so eleven listeners cost each
 * command eleven chains before its ack. The handler is picked by the event's type.
 */
export function registerEvents(app: App, deps: SlackDeps): void {
  const handlers = new Map<string, EventDef<EventName>>(
    Object.values(EVENTS).map((def) => [def.event, def as unknown as EventDef<EventName>]),
  );
  app.event(exactly(handlers.keys()), async (args) => {
    await pick(handlers, args.event.type)?.handle(args as unknown as AnyEventArgs, deps);
  });
}
