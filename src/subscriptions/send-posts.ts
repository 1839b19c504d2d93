import type { ShopOrder } from '../gateway/operations/shop-order-record.js';
import { fromCacheJson } from '../store/shared-cache.js';
import { endWhenGone } from './end-when-gone.js';
import type { SubscriptionDeps } from './ports.js';
import { markSent, pendingPosts, setBatchThread } from './post-store.js';
import {
  type SubscriptionPostRow,
  type SubscriptionRow,
  subscriptionKeyOf,
} from './subscription-row.js';
import { updateLeasedSubscription } from './subscription-store.js';

/** A poll finding more new orders than this posts one "N new orders" message instead. */
export const ONE_BY_ONE_MAX = 5;
/** Orders shown in the "N new orders" message (the CSV in its thread has them all). */
export const BATCH_SHOWN = 10;
/** A failed send is tried again this long after. */
export const SEND_RETRY_MS = 5_000;

function batches(posts: SubscriptionPostRow[]): SubscriptionPostRow[][] {
  const byId = new Map<string, SubscriptionPostRow[]>();
  for (const p of posts) {
    const list = byId.get(p.batch_id) ?? [];
    list.push(p);
    byId.set(p.batch_id, list);
  }
  return [...byId.values()];
}

/**
 * Sends what the subscription decided to post and has not sent yet, marking each sent once Slack
 * took it: a crash can repeat only the one post in flight, and a failed post is kept and tried
 * again `SEND_RETRY_MS` later (by whichever replica then holds the lease), never dropped, unless
 * it can never succeed (the channel or the token gone): then the subscription ends.
 */
export async function sendPending(
  deps: SubscriptionDeps,
  owner: string,
  row: SubscriptionRow,
): Promise<void> {
  const key = subscriptionKeyOf(row);
  const db = deps.store.db;
  const pending = await pendingPosts(db, key);
  try {
    for (const batch of batches(pending)) {
      const orders = batch.map((p) => fromCacheJson<ShopOrder>(p.order_json));
      if (batch.length <= ONE_BY_ONE_MAX && batch[0]!.batch_size <= ONE_BY_ONE_MAX) {
        for (const [i, post] of batch.entries()) {
          await deps.messages.postOrder(row, orders[i]!);
          await markSent(db, key, [post.order_sn]);
          deps.metrics.posted(1);
        }
        continue;
      }
      let ts = batch.find((p) => p.thread_ts !== null)?.thread_ts ?? null;
      if (ts === null) {
        ts = await deps.messages.postBatch(row, orders.slice(0, BATCH_SHOWN), orders.length);
        await setBatchThread(db, key, batch[0]!.batch_id, ts);
      }
      await deps.messages.uploadCsv(row, ts, orders);
      await markSent(
        db,
        key,
        batch.map((p) => p.order_sn),
      );
      deps.metrics.posted(batch.length);
    }
  } catch (err) {
    deps.logger.warn({ err, subscriptionId: key.subscriptionId }, 'subscription post failed');
    if (await endWhenGone(deps, key, err)) return;
    const retryAt = deps.clock().getTime() + SEND_RETRY_MS;
    await updateLeasedSubscription(db, key, owner, { send_retry_at: retryAt });
    return;
  }
  if (row.send_retry_at !== null || pending.length > 0) {
    await updateLeasedSubscription(db, key, owner, { send_retry_at: null });
  }
}
