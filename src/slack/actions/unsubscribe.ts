import { translator } from '../../i18n/translator.js';
import { endSubscription } from '../../subscriptions/index.js';
import { notice } from '../blocks/message.js';
import { personLocale, postedLocale } from '../settings/language.js';
import { subscriptionMessageOf } from '../subscriptions/subscription-messages.js';
import { type ActionDef, tell } from './action.js';
import { subscriptionClick } from './subscription-click.js';

/**
 * **Unsubscribe**, on the subscription message or in `/shoporders subscriptions`, by anyone who
 * may spend in that channel: the subscription ends at once (a page already in flight is the last
 * call; its poll then keeps nothing), and its message says who ended it.
 */
export const unsubscribe = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const click = await subscriptionClick(args, deps, () => true);
    if (!click) return;
    const { who, key } = click;
    const db = deps.store.db;
    const ended = await endSubscription(
      db,
      key,
      'unsubscribed',
      who.userId,
      deps.clock().getTime(),
    );
    const told = async () =>
      translator(await personLocale(deps, args.client, who.teamId, who.userId));
    if (!ended) return tell(args, deps, notice((await told())('subscriptions.alreadyEnded')));
    if (ended.message_ts) {
      await args.client.chat
        .update({
          channel: ended.channel_id,
          ts: ended.message_ts,
          ...subscriptionMessageOf(deps, ended, await postedLocale(deps, ended)),
        })
        .catch((err) => deps.logger.warn({ err }, 'subscription message edit failed'));
    }
    if (args.body.container?.is_ephemeral || args.body.message?.ts !== ended.message_ts) {
      await tell(args, deps, notice((await told())('subscriptions.unsubscribed')));
    }
  },
});
