import { z } from 'zod';
import { MessageLookupName, readMessageLookupMetadata } from '../blocks/values.js';
import { slackErrorKind } from '../delivery/slack-errors.js';
import { messageLookupView } from '../lookup/message-lookup.js';
import { readerT } from '../lookup/reader.js';
import { personLocale } from '../settings/language.js';
import type { ActionDef } from './action.js';

/** What a static_select's click carries: the option picked. */
const Picked = z.object({ selected_option: z.object({ value: MessageLookupName }) });

/**
 * The message shortcut's "Lookup" select: the modal is redrawn with the lookup picked, its own
 * form prefilled from the message's numbers. Nothing is looked up.
 */
export const lookupMessagePick = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle({ action, body, client }, deps) {
    const picked = Picked.safeParse(action);
    const view = body.view;
    const meta = readMessageLookupMetadata(view?.private_metadata);
    // A forged or stale click (no such lookup, metadata not ours) changes nothing.
    if (!view || !meta || !picked.success) return;
    const lookup = picked.data.selected_option.value;
    if (lookup === meta.lookup) return;
    const t = readerT({
      locale: await personLocale(deps, client, body.team?.id ?? '', body.user.id),
    });
    try {
      await client.views.update({
        view_id: view.id,
        hash: view.hash,
        view: messageLookupView({ ...meta, lookup }, t),
      });
    } catch (err) {
      // hash_conflict: a later pick redrew the modal first, and that one stands.
      deps.logger.info({ error: slackErrorKind(err) }, 'lookup form not redrawn');
    }
  },
});
