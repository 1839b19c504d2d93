import { channelMetadata, readStoreKey } from '../blocks/values.js';
import { shoporders } from '../commands/shoporders.js';
import { readerT } from '../lookup/reader.js';
import { shopOrdersOf } from '../lookup/shop-orders-pages.js';
import { personLocale } from '../settings/language.js';
import type { ActionDef } from './action.js';

/** "Filter…" on a shop-orders card: the form, prefilled with the card's query (when still kept). */
export const shopOrdersFilter = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle({ action, body, client }, deps) {
    const key = readStoreKey(action.value);
    const q = key ? await shopOrdersOf(deps).queryOf(key) : undefined;
    const teamId = body.team?.id ?? '';
    const t = readerT({ locale: await personLocale(deps, client, teamId, body.user.id) });
    await client.views.open({
      trigger_id: body.trigger_id,
      view: shoporders.modal.build(
        channelMetadata(body.channel?.id ?? body.user.id),
        t,
        q && {
          owner_id: q.ownerId,
          size: String(q.pageSize),
          edition: q.edition,
          from: q.start?.slice(0, 10),
          to: q.end?.slice(0, 10),
          remark: q.remark,
          tag: q.remarkTag === undefined ? undefined : String(q.remarkTag),
        },
      ),
    });
  },
});
