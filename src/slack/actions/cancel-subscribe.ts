import { translator } from '../../i18n/translator.js';
import { moveSubscription } from '../../subscriptions/index.js';
import { notice } from '../blocks/message.js';
import { readUuid } from '../blocks/values.js';
import { personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell, tellOutOfDate } from './action.js';

/** **Cancel** on the preview: nothing was called and nothing will be. */
export const cancelSubscribe = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const id = readUuid(args.action.value);
    const who = clickerOf(args.body);
    if (!id) return tellOutOfDate(args, deps);
    const key = { workspaceId: who.teamId, subscriptionId: id };
    const now = deps.clock().getTime();
    const dismissed = await moveSubscription(deps.store.db, key, ['preview'], {
      state: 'dismissed',
      updated_at: now,
    });
    if (!dismissed) return tellOutOfDate(args, deps);
    const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
    return tell(args, deps, notice(t('subscriptions.dismissed')), true);
  },
});
