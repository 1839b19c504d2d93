import { payOrderModal } from '../blocks/pay-order-modal.js';
import { channelMetadata } from '../blocks/values.js';
import type { ShortcutDef } from './shortcut.js';

/** Global shortcut "Look up a payment order": the /payorder form; the answer comes by DM. */
export const payOrderShortcut = (callbackId: string): ShortcutDef => ({
  callbackId,
  async handle({ shortcut, client }) {
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: payOrderModal({ privateMetadata: channelMetadata(shortcut.user.id) }),
    });
  },
});
