import type { SubscriptionDeps } from './ports.js';
import type { SubscriptionKey } from './subscription-row.js';
import { endSubscription } from './subscription-store.js';

/**
 * A post or edit failed for good (the channel or the workspace's token is gone): the subscription
 * ends, so it is neither polled nor retried again; true when that was the case.
 */
export async function endWhenGone(
  deps: SubscriptionDeps,
  key: SubscriptionKey,
  err: unknown,
): Promise<boolean> {
  const reason = deps.messages.gone?.(err);
  if (!reason) return false;
  const now = deps.clock().getTime();
  if (await endSubscription(deps.store.db, key, reason, null, now)) {
    deps.logger.info(
      { subscriptionId: key.subscriptionId, reason },
      'subscription ended: its channel is gone',
    );
  }
  return true;
}
