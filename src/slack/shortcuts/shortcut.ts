import type { AllMiddlewareArgs, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../context.js';

/** One shortcut's handler, called after the ack. */
export interface ShortcutDef {
  callbackId: string;
  handle(args: SlackShortcutMiddlewareArgs & AllMiddlewareArgs, deps: SlackDeps): Promise<void>;
}
