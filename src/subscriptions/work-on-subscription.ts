import { endWhenGone } from './end-when-gone.js';
import { pollSubscription } from './poll.js';
import type { SubscriptionDeps } from './ports.js';
import { SEND_RETRY_MS, sendPending } from './send-posts.js';
import { type SubscriptionRow, subscriptionKeyOf } from './subscription-row.js';
import { findSubscription, updateLeasedSubscription } from './subscription-store.js';

/**
 * What a leased subscription has due: its message when the Subscribe click died before posting
 * it, the posts a failed send or a killed holder left, then the poll when its time has come, then the posts it
 * decided and the message's edit when its state moved.
 */
export async function workOnSubscription(
  deps: SubscriptionDeps,
  owner: string,
  claimed: SubscriptionRow,
  stopping: () => boolean,
): Promise<void> {
  const key = subscriptionKeyOf(claimed);
  const db = deps.store.db;
  let row = claimed;
  if (row.message_ts === null) {
    try {
      const { ts, locale } = await deps.messages.post(row);
      await updateLeasedSubscription(db, key, owner, { message_ts: ts, locale });
      row = { ...row, message_ts: ts, locale };
    } catch (err) {
      // Tried again a little later, not at every tick; no poll before its message is there.
      deps.logger.warn(
        { err, subscriptionId: key.subscriptionId },
        'subscription message not posted',
      );
      if (await endWhenGone(deps, key, err)) return;
      const retryAt = deps.clock().getTime() + SEND_RETRY_MS;
      await updateLeasedSubscription(db, key, owner, { send_retry_at: retryAt });
      return;
    }
  }
  // Whatever was decided and not sent (a failed send, or a holder killed after its poll stored
  // them) goes out on every claim, before any new poll.
  await sendPending(deps, owner, row);
  const now = deps.clock().getTime();
  if (stopping() || row.next_poll_at === null || row.next_poll_at > now) return;
  const edit = await pollSubscription(deps, owner, row, stopping);
  const fresh = await findSubscription(db, key);
  if (fresh?.state !== 'active' || fresh.lease_owner !== owner) return;
  await sendPending(deps, owner, fresh);
  if (edit) {
    await deps.messages.show(fresh).catch(async (err) => {
      deps.logger.warn(
        { err, subscriptionId: key.subscriptionId },
        'subscription message edit failed',
      );
      await endWhenGone(deps, key, err);
    });
  }
}
