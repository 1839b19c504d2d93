import type { Kysely, Migration } from 'kysely';

/**
 * The pages a subscription poll has bought and not yet stored as posts: a poll cut short between
 * pages (a kill, a stop, a lost lease) leaves them to the next holder, which goes on from the next
 * page instead of buying them again. Deleted in the transaction that stores the poll's posts.
 */
export function subscriptionPollPagesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscription_poll_pages')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'text', (c) => c.notNull())
        .addColumn('page', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('poll_started_at', 'bigint', (c) => c.notNull())
        .addColumn('orders_json', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_poll_pages_pk', [
          'workspace_id',
          'subscription_id',
          'page',
        ])
        .execute();
    },
  };
}
