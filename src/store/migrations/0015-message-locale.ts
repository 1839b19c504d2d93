import type { Kysely, Migration } from 'kysely';

/**
 * A message keeps the language it was posted in when it is edited later (QR status messages,
 * watch cards and threads, export progress, subscription messages): each row remembers it.
 * Rows from before have none and read as the workspace's language at the time of the edit.
 */
export function messageLocaleMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['qr_sessions', 'order_watches', 'exports', 'subscriptions']) {
        await db.schema.alterTable(table).addColumn('locale', 'text').execute();
      }
    },
  };
}
