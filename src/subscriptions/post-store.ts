import type { Db } from '../store/database.js';
import type { SubscriptionKey, SubscriptionPostRow } from './subscription-row.js';
import { subscriptionDb } from './subscription-row.js';

const of = (db: Db, key: SubscriptionKey) =>
  subscriptionDb(db)
    .selectFrom('subscription_posts')
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId);

/** Which of `orderSns` this subscription has already decided to post. */
export async function postedAmong(
  db: Db,
  key: SubscriptionKey,
  orderSns: readonly string[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  // In slices, so a poll of many pages never builds one huge IN list.
  for (let i = 0; i < orderSns.length; i += 500) {
    const rows = await of(db, key)
      .select('order_sn')
      .where('order_sn', 'in', orderSns.slice(i, i + 500))
      .execute();
    for (const r of rows) seen.add(r.order_sn);
  }
  return seen;
}

/** Posts decided but not yet taken by Slack, oldest first. */
export function pendingPosts(db: Db, key: SubscriptionKey): Promise<SubscriptionPostRow[]> {
  return of(db, key)
    .selectAll()
    .where('state', '=', 'pending')
    .orderBy('created_at')
    .orderBy('confirmed_at')
    .orderBy('order_sn')
    .execute();
}

export async function markSent(
  db: Db,
  key: SubscriptionKey,
  orderSns: readonly string[],
): Promise<void> {
  if (orderSns.length === 0) return;
  await subscriptionDb(db)
    .updateTable('subscription_posts')
    .set({ state: 'sent' })
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .where('order_sn', 'in', orderSns)
    .execute();
}

/** The batch message's ts, kept so a retried CSV goes in the same thread and the card is not posted again. */
export async function setBatchThread(
  db: Db,
  key: SubscriptionKey,
  batchId: string,
  ts: string,
): Promise<void> {
  await subscriptionDb(db)
    .updateTable('subscription_posts')
    .set({ thread_ts: ts })
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .where('batch_id', '=', batchId)
    .execute();
}

/** Forgets posted orders confirmed before `before`: no later poll's window reaches them. */
export async function prunePosts(db: Db, key: SubscriptionKey, before: number): Promise<void> {
  await subscriptionDb(db)
    .deleteFrom('subscription_posts')
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .where('state', '=', 'sent')
    .where('confirmed_at', '<', before)
    .execute();
}
