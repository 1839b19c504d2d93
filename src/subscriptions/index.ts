export { createSubscriptionPoller, type SubscriptionPoller } from './poller.js';
export type {
  PolledPage,
  PollProblem,
  SubscriptionDeps,
  SubscriptionMessages,
  SubscriptionMetrics,
  SubscriptionSource,
} from './ports.js';
export { PollPaused } from './ports.js';
export { nextPollAt, OVERLAP_MS, POLL_PAGE_SIZE, pollsPerDay } from './schedule.js';
export { BATCH_SHOWN, ONE_BY_ONE_MAX } from './send-posts.js';
export type {
  EndReason,
  SubscriptionKey,
  SubscriptionRow,
  SubscriptionState,
} from './subscription-row.js';
export { subscriptionKeyOf } from './subscription-row.js';
export {
  channelSubscriptions,
  endSubscription,
  endSubscriptionsWhere,
  findSubscription,
  insertSubscription,
  insertSubscriptionOnce,
  moveSubscription,
  updateLeasedSubscription,
} from './subscription-store.js';
