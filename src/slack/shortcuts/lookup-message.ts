import { messageLookupView, startingLookup } from '../lookup/message-lookup.js';
import { numbersInMessage } from '../lookup/message-numbers.js';
import { readerT } from '../lookup/reader.js';
import { personLocale } from '../settings/language.js';
import type { ShortcutDef } from './shortcut.js';

/**
 * Message shortcut "Look up in querydesk": a modal naming the numbers the message holds, on the
 * lookup they suggest, its form prefilled. Nothing is looked up before the form is submitted.
 */
export const lookupMessageShortcut = (callbackId: string): ShortcutDef => ({
  callbackId,
  async handle({ shortcut, client }, deps) {
    if (shortcut.type !== 'message_action') return;
    const numbers = numbersInMessage(shortcut.message);
    const teamId = shortcut.team?.id ?? '';
    const t = readerT({ locale: await personLocale(deps, client, teamId, shortcut.user.id) });
    const meta = { channelId: shortcut.channel.id, numbers, lookup: startingLookup(numbers) };
    await client.views.open({ trigger_id: shortcut.trigger_id, view: messageLookupView(meta, t) });
  },
});
