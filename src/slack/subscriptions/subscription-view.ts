import type { Config } from '../../config.js';
import type { Translate } from '../../i18n/translator.js';
import { pollsPerDay, type SubscriptionRow } from '../../subscriptions/index.js';
import type { SubscriptionView } from '../blocks/subscription-message.js';

/** What the subscription message shows besides its row, in the language `t`. */
export function subscriptionView(
  row: SubscriptionRow,
  config: Pick<Config, 'spendSummary'>,
  t: Translate,
): SubscriptionView {
  return {
    pollsPerDay: pollsPerDay(row.interval_ms),
    budgetZone: config.spendSummary.timeZone,
    t,
  };
}
