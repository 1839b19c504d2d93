import { errorCard } from '../blocks/error-card.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { OUT_OF_DATE, readRefreshPayOrder } from '../blocks/values.js';
import { runPayOrder } from '../lookup/pay-order-lookup.js';
import { type ActionDef, clickerOf, tell } from './action.js';

/** "Refresh" on a payment-order card: look it up again (operation 6 is free) and replace the card. */
export const refreshPayOrder = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const ref = readRefreshPayOrder(args.action.value);
    if (!ref) return tell(args, deps, notice(OUT_OF_DATE));
    let message: SlackMessage;
    try {
      message = await runPayOrder(deps, ref, clickerOf(args.body));
    } catch (err) {
      message = errorCard(err);
    }
    await tell(args, deps, message, true);
  },
});
