import type { Kysely, Migration } from 'kysely';

/**
 * Channel subscriptions (one row per subscription, leased like order watches, with the high-water
 * mark of what its polls have seen) and the orders each has posted or is about to post, by
 * `order_sn` (pruned once the next poll's window has passed them, so the table stays bounded).
 */
export function subscriptionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscriptions')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('remark', 'text')
        .addColumn('remark_tag', 'integer')
        .addColumn('interval_ms', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('started_at', 'bigint')
        .addColumn('polled_to', 'bigint')
        .addColumn('next_poll_at', 'bigint')
        .addColumn('send_retry_at', 'bigint')
        .addColumn('paused', 'text')
        .addColumn('paused_until', 'bigint')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('problem', 'text')
        .addColumn('problem_url', 'text')
        .addColumn('price', 'integer')
        .addColumn('polls', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('orders_posted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ended_by', 'text')
        .addColumn('ended_reason', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscriptions_pk', ['workspace_id', 'subscription_id'])
        .execute();
      await db.schema
        .createIndex('subscriptions_due')
        .ifNotExists()
        .on('subscriptions')
        .columns(['state', 'next_poll_at'])
        .execute();
      await db.schema
        .createIndex('subscriptions_retry')
        .ifNotExists()
        .on('subscriptions')
        .columns(['state', 'send_retry_at'])
        .execute();
      await db.schema
        .createIndex('subscriptions_channel')
        .ifNotExists()
        .on('subscriptions')
        .columns(['workspace_id', 'channel_id', 'state'])
        .execute();
      await db.schema
        .createTable('subscription_posts')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'text', (c) => c.notNull())
        .addColumn('order_sn', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint', (c) => c.notNull())
        .addColumn('order_json', 'text', (c) => c.notNull())
        .addColumn('batch_id', 'text', (c) => c.notNull())
        .addColumn('batch_size', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('thread_ts', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_posts_pk', [
          'workspace_id',
          'subscription_id',
          'order_sn',
        ])
        .execute();
    },
  };
}
