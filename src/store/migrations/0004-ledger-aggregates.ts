import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../database.js';

/**
 * Spend at scale: per-day aggregates written with each ledger entry, the budget reservations held
 * by paid calls in flight, the last price seen per operation, and a small key/value table for the
 * ledger's own bookkeeping (the zone the aggregates are built in, retention claims).
 *
 * The aggregates are filled from the existing entries by the ledger when it first opens the store
 * (`ensureAggregates`), in the same transaction that records their zone: the day boundary follows
 * SPEND_SUMMARY_TZ, which only the running service knows, not the migration.
 */
export function ledgerAggregatesMigration(dialect: StoreDialect): Migration {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_daily')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        // YYYY-MM-DD in the zone recorded in ledger_state (aggregate_zone).
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        // '' for entries made by no one in particular (a key column cannot be null).
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('points', big, (c) => c.notNull())
        .addColumn('calls', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_daily_pk', [
          'workspace_id',
          'day',
          'operation',
          'user_id',
          'kind',
        ])
        .execute();

      await db.schema
        .createTable('ledger_state')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('budget_reservations')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('budget_reservations_workspace')
        .ifNotExists()
        .on('budget_reservations')
        .columns(['workspace_id', 'expires_at'])
        .execute();

      // One row per workspace, locked while a reservation is decided (serialises replicas).
      await db.schema
        .createTable('budget_locks')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.primaryKey())
        .addColumn('taken_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('ledger_prices')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_prices_pk', ['workspace_id', 'operation'])
        .execute();
    },
  };
}
