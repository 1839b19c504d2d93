import type { Selectable } from 'kysely';
import type { Db } from '../store/database.js';

/**
 * `preview` until **Subscribe** (nothing is called), `active` while it polls, `ended` after
 * Unsubscribe, an uninstall or the channel going away, `dismissed` when the preview was cancelled.
 */
export type SubscriptionState = 'preview' | 'active' | 'ended' | 'dismissed';

/** Why an active subscription ended. */
export type EndReason = 'unsubscribed' | 'uninstalled' | 'left_channel' | 'archived';

/** The `subscriptions` table (migration 0010). */
export interface SubscriptionsTable {
  workspace_id: string;
  subscription_id: string;
  channel_id: string;
  /** Who subscribed the channel. */
  user_id: string;
  owner_id: string;
  remark: string | null;
  remark_tag: number | null;
  interval_ms: number;
  state: SubscriptionState;
  /** The subscription message in the channel. */
  message_ts: string | null;
  /** The Subscribe click: orders confirmed before it are never posted. */
  started_at: number | null;
  /** High-water mark: when the last stored poll started; the next asks from this minus the overlap. */
  polled_to: number | null;
  next_poll_at: number | null;
  /** Set while decided posts wait to be sent again after a failed send. */
  send_retry_at: number | null;
  /** `budget` while the daily budget holds polling back. */
  paused: string | null;
  paused_until: number | null;
  /** Failed polls in a row. */
  failures: number;
  /** What is wrong, once three polls in a row failed (shown once on the message). */
  problem: string | null;
  /** For a shop not authorized (302): the link the gateway returned. */
  problem_url: string | null;
  /** Points the last poll's first page cost (null until the first poll). */
  price: number | null;
  polls: number;
  points: number;
  orders_posted: number;
  ended_by: string | null;
  ended_reason: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  /** Who approved it when it needed approval (0019); its polls are audited with them. */
  approved_by: string | null;
  /** The language its messages were posted in (0015); null reads as the workspace's. */
  locale: string | null;
  created_at: number;
  updated_at: number;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** `pending` from the decision to post until Slack took it; `sent` after. */
export type PostState = 'pending' | 'sent';

/** The `subscription_posts` table: what each subscription posted (or will), by order_sn. */
export interface SubscriptionPostsTable {
  workspace_id: string;
  subscription_id: string;
  order_sn: string;
  confirmed_at: number;
  /** The order as the poll saw it (JSON with Dates kept), so a retried post needs no new call. */
  order_json: string;
  /** The poll that found it; its size decides one message per order or one "N new orders". */
  batch_id: string;
  batch_size: number;
  state: PostState;
  /** The batch message, once posted: the CSV goes in its thread. */
  thread_ts: string | null;
  created_at: number;
}

export type SubscriptionPostRow = Selectable<SubscriptionPostsTable>;

/** The `subscription_poll_pages` table (0017): pages of a poll bought and not yet stored as posts. */
export interface SubscriptionPollPagesTable {
  workspace_id: string;
  subscription_id: string;
  /** The gateway page, from 0. */
  page: number;
  /** The window's start the page was asked with: a page of another window is not used. */
  window_start: number;
  /** When the poll that bought its first page started: the poll's high-water mark once stored. */
  poll_started_at: number;
  /** The page's orders (JSON with Dates kept). */
  orders_json: string;
  total: number;
  points: number;
  created_at: number;
}

export type SubscriptionTables = {
  subscriptions: SubscriptionsTable;
  subscription_posts: SubscriptionPostsTable;
  subscription_poll_pages: SubscriptionPollPagesTable;
};

/** The store's database seen with the subscription tables (0010, 0017). */
export function subscriptionDb(db: Db) {
  return db.withTables<SubscriptionTables>();
}

export interface SubscriptionKey {
  workspaceId: string;
  subscriptionId: string;
}

export const subscriptionKeyOf = (row: SubscriptionRow): SubscriptionKey => ({
  workspaceId: row.workspace_id,
  subscriptionId: row.subscription_id,
});
