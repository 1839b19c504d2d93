import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Charges the gateway may have taken without saying how much, held against the budget:
 * - `ledger_price_peaks`: the largest charge seen per (workspace, operation, UTC day), so a
 *   reservation and an unconfirmed charge hold at least the largest price of the last days,
 *   never 0 because one answer happened to charge 0;
 * - a partial index on the entries still unconfirmed (tally `unknown`), which each later answer
 *   of the same operation settles;
 * - `audit_entries.charge`: `unconfirmed` while such a call's charge is unknown, `settled` once a
 *   later answer fixed it, null for everything the gateway answered.
 */
export function chargeUnknownMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_price_peaks')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        // Days since the epoch (UTC): the window is counted in whole days.
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_price_peaks_pk', ['workspace_id', 'operation', 'day'])
        .execute();
      await sql`create index if not exists ledger_unconfirmed on ledger_entries (workspace_id, operation) where tally = 'unknown'`.execute(
        db,
      );
      await db.schema.alterTable('audit_entries').addColumn('charge', 'text').execute();
    },
  };
}
