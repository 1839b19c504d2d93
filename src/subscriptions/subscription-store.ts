import { type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../store/database.js';
import { type LeasedTable, leasedTable, leaseFree } from '../store/leased-rows.js';
import {
  type EndReason,
  type SubscriptionKey,
  type SubscriptionRow,
  type SubscriptionState,
  type SubscriptionsTable,
  subscriptionDb,
} from './subscription-row.js';

export async function insertSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await subscriptionDb(db).insertInto('subscriptions').values(row).execute();
}

/** The row unless one with its id exists (approved work, whose id the approval chose). */
export async function insertSubscriptionOnce(db: Db, row: SubscriptionRow): Promise<void> {
  await subscriptionDb(db)
    .insertInto('subscriptions')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'subscription_id']).doNothing())
    .execute();
}

export function findSubscription(
  db: Db,
  key: SubscriptionKey,
): Promise<SubscriptionRow | undefined> {
  return subscriptionDb(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .executeTakeFirst();
}

/** Moves a subscription from one of `from` to the patch's state; false when it was in none. */
export async function moveSubscription(
  db: Db,
  key: SubscriptionKey,
  from: readonly SubscriptionState[],
  patch: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  const result = await subscriptionDb(db)
    .updateTable('subscriptions')
    .set(patch)
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keys of active subscriptions whose `column` is due and whose lease is free, oldest first. */
async function dueBy(
  db: Db,
  column: 'next_poll_at' | 'send_retry_at',
  now: number,
  limit: number,
): Promise<SubscriptionKey[]> {
  const rows = await subscriptionDb(db)
    .selectFrom('subscriptions')
    .select(['workspace_id', 'subscription_id'])
    .where('state', '=', 'active')
    .where(column, '<=', now)
    .where(leaseFree(now))
    .orderBy(column)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ workspaceId: r.workspace_id, subscriptionId: r.subscription_id }));
}

/**
 * Active subscriptions with work due and no live lease: polls due, oldest first, then posts
 * waiting to be sent again. Two queries, each on its own index (state + time), so a tick reads
 * what is due and not every live subscription.
 */
export async function dueSubscriptions(
  db: Db,
  now: number,
  limit: number,
): Promise<SubscriptionKey[]> {
  const polls = await dueBy(db, 'next_poll_at', now, limit);
  const retries = await dueBy(db, 'send_retry_at', now, limit);
  const seen = new Set(polls.map((k) => k.subscriptionId));
  return [...polls, ...retries.filter((k) => !seen.has(k.subscriptionId))].slice(0, limit);
}

/**
 * Makes every active subscription with decided posts not yet sent due now (at start-up): a
 * holder killed between storing a poll and sending its posts leaves them for the next claim.
 */
export async function duePendingPosts(db: Db, now: number): Promise<void> {
  await subscriptionDb(db)
    .updateTable('subscriptions')
    .set({ send_retry_at: now })
    .where('state', '=', 'active')
    .where('send_retry_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('subscription_posts')
          .select('subscription_posts.order_sn')
          .whereRef('subscription_posts.workspace_id', '=', 'subscriptions.workspace_id')
          .whereRef('subscription_posts.subscription_id', '=', 'subscriptions.subscription_id')
          .where('subscription_posts.state', '=', 'pending'),
      ),
    )
    .execute();
}

/** The soonest poll of any active subscription (one index seek), so the poller wakes for it. */
export async function nextPollDue(db: Db, now: number): Promise<number | undefined> {
  const row = await subscriptionDb(db)
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.min('next_poll_at').as('next'))
    .where('state', '=', 'active')
    .where('next_poll_at', '>', now)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/**
 * The subscriptions as a leased table (store/leased-rows.ts). A row is claimed only while active
 * and still due: a replica that read it as due before another polled it finds it no longer due
 * and leaves it, so a subscription is polled once per interval across replicas.
 */
export function subscriptionTable(db: Db): LeasedTable<SubscriptionKey, SubscriptionRow> {
  return leasedTable(db, {
    table: 'subscriptions',
    keyColumns: ['workspace_id', 'subscription_id'],
    keyValues: (k) => [k.workspaceId, k.subscriptionId],
    find: (k) => findSubscription(db, k),
    due: (now, limit) => dueSubscriptions(db, now, limit),
    claimable: (now) => [
      {
        where: sql<SqlBool>`state = 'active' and (next_poll_at <= ${now} or send_retry_at <= ${now})`,
      },
    ],
  });
}

/** Writes `patch` while `owner` holds the lease and the subscription is active; false otherwise. */
export function updateLeasedSubscription(
  db: Db,
  key: SubscriptionKey,
  owner: string,
  patch: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  return subscriptionTable(db).updateLeased(key, owner, patch, sql<SqlBool>`state = 'active'`);
}

/** Ends an active subscription; the row afterwards, or undefined when it was not active. */
export async function endSubscription(
  db: Db,
  key: SubscriptionKey,
  reason: EndReason,
  by: string | null,
  now: number,
): Promise<SubscriptionRow | undefined> {
  const ended = await moveSubscription(db, key, ['active'], {
    state: 'ended',
    ended_reason: reason,
    ended_by: by,
    updated_at: now,
  });
  return ended ? findSubscription(db, key) : undefined;
}

/**
 * Ends every active subscription of a workspace (uninstall), or of one of its channels (the bot
 * left it, it was archived); the rows ended, so their messages can say so where still possible.
 */
export async function endSubscriptionsWhere(
  db: Db,
  where: { workspaceId: string; channelId?: string },
  reason: EndReason,
  now: number,
): Promise<SubscriptionRow[]> {
  let q = subscriptionDb(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('workspace_id', '=', where.workspaceId)
    .where('state', '=', 'active');
  if (where.channelId) q = q.where('channel_id', '=', where.channelId);
  const ended: SubscriptionRow[] = [];
  for (const row of await q.execute()) {
    const key = { workspaceId: row.workspace_id, subscriptionId: row.subscription_id };
    const after = await endSubscription(db, key, reason, null, now);
    if (after) ended.push(after);
  }
  return ended;
}

/** The channel's active subscriptions, oldest first. */
export function channelSubscriptions(
  db: Db,
  workspaceId: string,
  channelId: string,
  limit = 50,
): Promise<SubscriptionRow[]> {
  return subscriptionDb(db)
    .selectFrom('subscriptions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('channel_id', '=', channelId)
    .where('state', '=', 'active')
    .orderBy('started_at')
    .limit(limit)
    .execute();
}
