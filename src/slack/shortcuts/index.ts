import type { App } from '@slack/bolt';
import { SHORTCUT, type ShortcutKey } from '../blocks/ids.js';
import type { SlackDeps } from '../context.js';
import { exactly, pick } from '../middleware/one-listener.js';
import { lookupMessageShortcut } from './lookup-message.js';
import { payOrderShortcut } from './payorder.js';
import type { ShortcutDef } from './shortcut.js';

/**
 * Every shortcut, global and message, by its id in `blocks/ids.ts` (manifest.yml declares the same
 * callback ids); Bolt's `app.shortcut` receives both kinds.
 */
export const SHORTCUTS = {
  payOrder: payOrderShortcut(SHORTCUT.payOrder),
  lookupMessage: lookupMessageShortcut(SHORTCUT.lookupMessage),
} satisfies Record<ShortcutKey, ShortcutDef>;

export function registerShortcuts(app: App, deps: SlackDeps): void {
  const byId = new Map((Object.values(SHORTCUTS) as ShortcutDef[]).map((d) => [d.callbackId, d]));
  app.shortcut(exactly(byId.keys()), async (args) => {
    const def = pick(byId, args.shortcut.callback_id);
    if (!def) return;
    await args.ack();
    deps.metrics.slackAcks.inc({ kind: 'shortcut' });
    await def.handle(args, deps);
  });
}
