import { channelMetadata } from '../blocks/values.js';
import { payorder } from '../commands/payorder.js';
import { readerT } from '../lookup/reader.js';
import { personLocale } from '../settings/language.js';
import type { ShortcutDef } from './shortcut.js';

/** Global shortcut "Look up a payment order": the /payorder form; the answer comes by DM. */
export const payOrderShortcut = (callbackId: string): ShortcutDef => ({
  callbackId,
  async handle({ shortcut, client }, deps) {
    const teamId = shortcut.team?.id ?? '';
    const t = readerT({ locale: await personLocale(deps, client, teamId, shortcut.user.id) });
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: payorder.modal.build(channelMetadata(shortcut.user.id), t),
    });
  },
});
