import type { Db } from '../store/database.js';
import { subscriptionDb } from './subscription-row.js';

const DAY_MS = 86_400_000;

/** An ended or dismissed subscription is deleted, with its posts, this long after it ended. */
export const ENDED_KEPT_MS = 30 * DAY_MS;
/** A preview never clicked is deleted this long after it was shown (its buttons then say "out of date"). */
export const PREVIEW_KEPT_MS = DAY_MS;

export interface SubscriptionsPruned {
  subscriptions: number;
  previews: number;
  posts: number;
}

/**
 * Deletes subscriptions over for longer than ENDED_KEPT_MS (ended, or dismissed previews) with
 * every post and kept page of theirs, and previews left unclicked for longer than
 * PREVIEW_KEPT_MS. A row that is over never moves again and a preview clicked meanwhile is no
 * longer one, so replicas running this at once delete each row once and nothing live.
 */
export async function pruneSubscriptions(db: Db, now: number): Promise<SubscriptionsPruned> {
  const sdb = subscriptionDb(db);
  const endedBefore = now - ENDED_KEPT_MS;
  const over = (table: 'subscription_posts' | 'subscription_poll_pages') =>
    sdb
      .deleteFrom(table)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('subscriptions')
            .select('subscriptions.subscription_id')
            .whereRef('subscriptions.workspace_id', '=', `${table}.workspace_id`)
            .whereRef('subscriptions.subscription_id', '=', `${table}.subscription_id`)
            .where('subscriptions.state', 'in', ['ended', 'dismissed'])
            .where('subscriptions.updated_at', '<', endedBefore),
        ),
      )
      .executeTakeFirst();
  const posts = await over('subscription_posts');
  await over('subscription_poll_pages');
  const ended = await sdb
    .deleteFrom('subscriptions')
    .where('state', 'in', ['ended', 'dismissed'])
    .where('updated_at', '<', endedBefore)
    .executeTakeFirst();
  const previews = await sdb
    .deleteFrom('subscriptions')
    .where('state', '=', 'preview')
    .where('created_at', '<', now - PREVIEW_KEPT_MS)
    .executeTakeFirst();
  return {
    subscriptions: Number(ended.numDeletedRows),
    previews: Number(previews.numDeletedRows),
    posts: Number(posts.numDeletedRows),
  };
}

/** Previews `userId` has open in the workspace (shown within PREVIEW_KEPT_MS, not clicked). */
export async function openPreviews(
  db: Db,
  q: { workspaceId: string; userId: string; now: number },
): Promise<number> {
  const row = await subscriptionDb(db)
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', q.workspaceId)
    .where('user_id', '=', q.userId)
    .where('state', '=', 'preview')
    .where('created_at', '>=', q.now - PREVIEW_KEPT_MS)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
