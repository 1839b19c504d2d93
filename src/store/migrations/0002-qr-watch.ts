import type { Kysely, Migration } from 'kysely';

/**
 * What the QR watcher needs beyond 0001: what the status message shows now (so a state change
 * is never lost to a 429 or a crash before the edit), when that edit may be retried, the growing
 * check interval, the last check time and the end of the watch. SQLite adds one column per ALTER.
 */
export function qrWatchMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = () => db.schema.alterTable('qr_sessions');
      // 0: the message still shows the "creating" placeholder; 1..3: that state's view.
      await table()
        .addColumn('message_state', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await table()
        .addColumn('message_watch_state', 'text', (c) => c.notNull().defaultTo('watching'))
        .execute();
      await table().addColumn('edit_not_before', 'bigint').execute();
      await table().addColumn('last_checked_at', 'bigint').execute();
      await table().addColumn('watch_until', 'bigint').execute();
      await table()
        .addColumn('interval_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
