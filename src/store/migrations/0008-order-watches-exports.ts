import type { Kysely, Migration } from 'kysely';

/**
 * Order watches (one row per watched payment order, leased like QR sessions) and exports (one row
 * per export with its progress, one row per gateway page it has fetched, so a restart goes on from
 * the next page and the CSV is built from what was stored).
 */
export function orderWatchesExportsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_watches')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('watch_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('order_number', 'text', (c) => c.notNull())
        .addColumn('merchant_num', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('order_json', 'text')
        .addColumn('status', 'integer')
        .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paid_at', 'bigint')
        .addColumn('alerted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('watch_state', 'text', (c) => c.notNull())
        .addColumn('stopped_by', 'text')
        .addColumn('next_check_at', 'bigint', (c) => c.notNull())
        .addColumn('watch_until', 'bigint', (c) => c.notNull())
        .addColumn('checks_made', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_checked_at', 'bigint')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_watches_pk', ['workspace_id', 'watch_id'])
        .execute();
      await db.schema
        .createIndex('order_watches_due')
        .ifNotExists()
        .on('order_watches')
        .columns(['watch_state', 'next_check_at'])
        .execute();
      await db.schema
        .createTable('exports')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('export_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('args_json', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('next_page', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cursor_json', 'text')
        .addColumn('stopped_by', 'text')
        .addColumn('total_pages', 'integer')
        .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'text')
        .addColumn('file_id', 'text')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('started_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('exports_pk', ['workspace_id', 'export_id'])
        .execute();
      await db.schema
        .createTable('export_pages')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('export_id', 'text', (c) => c.notNull())
        .addColumn('page_index', 'integer', (c) => c.notNull())
        .addColumn('rows_json', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('export_pages_pk', ['workspace_id', 'export_id', 'page_index'])
        .execute();
    },
  };
}
