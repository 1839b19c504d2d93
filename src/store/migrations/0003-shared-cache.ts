import type { Kysely, Migration } from 'kysely';

/**
 * Short-lived values every replica must see: cards kept for "Share in channel", the queries
 * behind paging buttons and the gateway pages already bought (so no replica buys one twice).
 */
export function sharedCacheMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shared_cache')
        .ifNotExists()
        .addColumn('cache_key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('shared_cache_expiry')
        .ifNotExists()
        .on('shared_cache')
        .column('expires_at')
        .execute();
    },
  };
}
