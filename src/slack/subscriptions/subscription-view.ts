import type { Config } from '../../config.js';
import { pollsPerDay, type SubscriptionRow } from '../../subscriptions/index.js';
import type { SubscriptionView } from '../blocks/subscription-message.js';
import { durationWords } from './subscribe-args.js';

/** What the subscription message shows besides its row. */
export function subscriptionView(
  row: SubscriptionRow,
  config: Pick<Config, 'spendSummary'>,
): SubscriptionView {
  return {
    pollsPerDay: pollsPerDay(row.interval_ms),
    every: durationWords(row.interval_ms),
    budgetZone: config.spendSummary.timeZone,
  };
}
