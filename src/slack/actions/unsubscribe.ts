import { endSubscription } from '../../subscriptions/index.js';
import { notice } from '../blocks/message.js';
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
    if (!ended) return tell(args, deps, notice('This subscription has already ended.'));
    if (ended.message_ts) {
      await args.client.chat
        .update({
          channel: ended.channel_id,
          ts: ended.message_ts,
          ...subscriptionMessageOf(deps, ended),
        })
        .catch((err) => deps.logger.warn({ err }, 'subscription message edit failed'));
    }
    if (args.body.container?.is_ephemeral || args.body.message?.ts !== ended.message_ts) {
      await tell(args, deps, notice('Unsubscribed: nothing more is polled for it.'));
    }
  },
});
