import type { App } from '@slack/bolt';
import { SHORTCUT, type ShortcutKey } from '../blocks/ids.js';
import type { SlackDeps } from '../context.js';
import { payOrderShortcut } from './payorder.js';
import type { ShortcutDef } from './shortcut.js';

/** Every shortcut, by its id in `blocks/ids.ts` (manifest.yml declares the same callback ids). */
export const SHORTCUTS = {
  payOrder: payOrderShortcut(SHORTCUT.payOrder),
} satisfies Record<ShortcutKey, ShortcutDef>;

export function registerShortcuts(app: App, deps: SlackDeps): void {
  for (const def of Object.values(SHORTCUTS) as ShortcutDef[]) {
    app.shortcut(def.callbackId, async (args) => {
      await args.ack();
      deps.metrics.slackAcks.inc({ kind: 'shortcut' });
      await def.handle(args, deps);
    });
  }
}
