import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../context.js';

/** The Events API events the app subscribes to (manifest.yml `bot_events`). */
export type EventName =
  | 'app_home_opened'
  | 'app_uninstalled'
  | 'app_uninstalled_team'
  | 'tokens_revoked'
  | 'user_change'
  | 'member_left_channel'
  | 'channel_left'
  | 'group_left'
  | 'channel_archive'
  | 'app_mention'
  | 'message';

/** One event's handler. */
export interface EventDef<E extends EventName> {
  event: E;
  /** The manifest's bot event when it is narrower than the event's type (`message.im`). */
  subscription?: string;
  handle(args: SlackEventMiddlewareArgs<E> & AllMiddlewareArgs, deps: SlackDeps): Promise<void>;
}
