import { translator } from '../../i18n/translator.js';
import { needsApprovalNow } from '../approvals/ask.js';
import { notice } from '../blocks/message.js';
import { personLocale } from '../settings/language.js';
import { launchSubscription } from '../subscriptions/launch-subscription.js';
import { type ActionDef, tell } from './action.js';
import { subscriptionClick } from './subscription-click.js';

/**
 * **Subscribe** on the private preview: the subscription starts (launchSubscription) for the
 * person the preview was shown to, if they may spend in its channel; they are told it did.
 */
export const subscribe = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    // Only the person the preview was shown to subscribes with it.
    const click = await subscriptionClick(args, deps, (row, who) => row.user_id === who.userId);
    if (!click) return;
    const { who, row } = click;
    const ask = { k: 'subscription' as const, id: row.subscription_id };
    if (await needsApprovalNow(deps, who, ask)) {
      const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
      return tell(args, deps, notice(t('approvals.click.needed')), true);
    }
    const outcome = await launchSubscription(deps, args.client, row);
    if (!outcome) return;
    const t = translator(await personLocale(deps, args.client, who.teamId, who.userId));
    const words = outcome === 'started' ? 'subscriptions.subscribed' : outcome;
    await tell(args, deps, notice(t(words)), true);
  },
});
