import { channelMetadata } from '../blocks/values.js';
import { payorder } from '../commands/payorder.js';
import type { ShortcutDef } from './shortcut.js';

/** Global shortcut "Look up a payment order": the /payorder form; the answer comes by DM. */
export const payOrderShortcut = (callbackId: string): ShortcutDef => ({
  callbackId,
  async handle({ shortcut, client }) {
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: payorder.modal.build(channelMetadata(shortcut.user.id)),
    });
  },
});
