import type { Kysely, Migration } from 'kysely';

/**
 * - `idempotency_keys`: one row per Slack delivery or user intent already being handled, so a
 *   retry, a double click or a double submission is recognised by every replica. Rows expire;
 *   expired ones are taken over.
 * - `ledger_entries.charge_unknown`: 1 on a paid call that may have been charged although no
 *   answer said so (a timeout or cut connection after sending, a 5xx); its points are 0.
 */
export function hardeningMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('ledger_entries')
        .addColumn('charge_unknown', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
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
