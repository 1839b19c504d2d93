import { type Kysely, type Migration, sql } from 'kysely';
import type { StoreDialect } from '../database.js';

/**
 * Spend at scale: per-day aggregates added by a trigger on each ledger entry (so the entry and its
 * share of the aggregate are one statement: one transaction, no extra round trip), the budget reservations held
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

      // The local day the writer assigned the entry (SPEND_SUMMARY_TZ); the trigger adds the
      // entry to that day's row. Entries written before this migration have none.
      await db.schema.alterTable('ledger_entries').addColumn('day', 'text').execute();
      // What the entry counts as in the aggregates: its kind, or 'unknown' for a paid call that
      // may have been charged (its amount unknown), which /spend counts apart.
      await db.schema.alterTable('ledger_entries').addColumn('tally', 'text').execute();
      await (dialect === 'postgres' ? postgresTrigger(db) : sqliteTrigger(db));

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

const UPSERT = `
  insert into ledger_daily (workspace_id, day, operation, user_id, kind, points, calls)
  values (new.workspace_id, new.day, new.operation, coalesce(new.user_id, ''),
          coalesce(new.tally, new.kind), new.points, 1)
  on conflict (workspace_id, day, operation, user_id, kind)
  do update set points = ledger_daily.points + excluded.points, calls = ledger_daily.calls + 1`;

/** Fires only for rows actually inserted: a duplicate refund dropped by the unique index adds nothing. */
async function sqliteTrigger(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create trigger if not exists ledger_daily_add after insert on ledger_entries
       when new.day is not null
       begin ${UPSERT}; end`,
    )
    .execute(db);
}

/**
 * The function is created in the current schema and finds ledger_daily through the connection's
 * search path, so each schema's tables have their own. The upsert increments under the row lock:
 * concurrent writers never lose one another's share.
 */
async function postgresTrigger(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create or replace function ledger_daily_add() returns trigger language plpgsql as $$
       begin
         if new.day is not null then ${UPSERT}; end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ledger_daily_add after insert on ledger_entries
       for each row execute function ledger_daily_add()`,
    )
    .execute(db);
}
