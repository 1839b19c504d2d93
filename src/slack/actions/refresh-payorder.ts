import { errorCard } from '../blocks/error-card.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { readRefreshPayOrder } from '../blocks/values.js';
import { runPayOrder } from '../lookup/pay-order-lookup.js';
import { readerT } from '../lookup/reader.js';
import { personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell } from './action.js';

/**
 * "Refresh" on a payment-order card: look it up again (operation 6 is free) and replace the card,
 * in the clicker's language.
 */
export const refreshPayOrder = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const clicker = clickerOf(args.body);
    clicker.locale = await personLocale(deps, args.client, clicker.teamId, clicker.userId);
    const t = readerT(clicker);
    const ref = readRefreshPayOrder(args.action.value);
    if (!ref) return tell(args, deps, notice(t('lookup.outOfDate')), false, t);
    let message: SlackMessage;
    try {
      message = await runPayOrder(deps, ref, clicker);
    } catch (err) {
      message = errorCard(err, t);
    }
    await tell(args, deps, message, true, t);
  },
});
