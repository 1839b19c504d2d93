import type { App } from '@slack/bolt';
import type { SlackDeps } from '../context.js';
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

export function registerEvents(app: App, deps: SlackDeps): void {
  app.event(EVENTS.app_home_opened.event, (args) => EVENTS.app_home_opened.handle(args, deps));
  app.event(EVENTS.app_uninstalled.event, (args) => EVENTS.app_uninstalled.handle(args, deps));
  app.event(EVENTS.app_uninstalled_team.event, (args) =>
    EVENTS.app_uninstalled_team.handle(args, deps),
  );
  app.event(EVENTS.tokens_revoked.event, (args) => EVENTS.tokens_revoked.handle(args, deps));
  app.event(EVENTS.user_change.event, (args) => EVENTS.user_change.handle(args, deps));
  app.event(EVENTS.member_left_channel.event, (args) =>
    EVENTS.member_left_channel.handle(args, deps),
  );
  app.event(EVENTS.channel_left.event, (args) => EVENTS.channel_left.handle(args, deps));
  app.event(EVENTS.group_left.event, (args) => EVENTS.group_left.handle(args, deps));
  app.event(EVENTS.channel_archive.event, (args) => EVENTS.channel_archive.handle(args, deps));
  app.event(EVENTS.app_mention.event, (args) => EVENTS.app_mention.handle(args, deps));
  app.event(EVENTS.message.event, (args) => EVENTS.message.handle(args, deps));
}
