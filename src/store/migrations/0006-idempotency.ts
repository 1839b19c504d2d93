import type { Kysely, Migration } from 'kysely';

/**
 * One row per Slack delivery or user intent already being handled, so a retry, a double click or
 * a double submission is recognised by every replica. Rows expire; expired ones are taken over.
 */
export function idempotencyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('idempotency_keys')
        .ifNotExists()
        .addColumn('idem_key', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idempotency_keys_expiry')
        .ifNotExists()
        .on('idempotency_keys')
        .column('expires_at')
        .execute();
    },
  };
}
