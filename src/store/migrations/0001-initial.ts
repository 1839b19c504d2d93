import { type Kysely, type Migration, sql } from 'kysely';
import type { StoreDialect } from '../database.js';

/** The first schema: ledger, QR sessions, summary claims, workspace settings, installations. */
export function initialMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ledger_entries')
        .ifNotExists()
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('channel_id', 'text')
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('gateway_code', 'integer', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('qr_session_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('ledger_points_not_negative', sql`points >= 0`)
        .addCheckConstraint('ledger_kind_known', sql`kind in ('charge', 'refund')`)
        .execute();
      await db.schema
        .createIndex('ledger_workspace_time')
        .ifNotExists()
        .on('ledger_entries')
        .columns(['workspace_id', 'created_at'])
        .execute();
      // The gateway returns a QR session's points once; the ledger records that refund once.
      await db.schema
        .createIndex('ledger_refund_once')
        .ifNotExists()
        .unique()
        .on('ledger_entries')
        .columns(['workspace_id', 'qr_session_id'])
        .where(sql.ref('kind'), '=', 'refund')
        .execute();

      await db.schema
        .createTable('qr_sessions')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('media_mark', 'text', (c) => c.notNull())
        .addColumn('landing_page', 'text')
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('file_id', 'text')
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('watch_state', 'text', (c) => c.notNull().defaultTo('watching'))
        .addColumn('next_check_at', 'bigint', (c) => c.notNull())
        .addColumn('checks_made', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points_charged', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('qr_sessions_pk', ['workspace_id', 'session_id'])
        .addCheckConstraint('qr_state_known', sql`state in (1, 2, 3)`)
        .addCheckConstraint(
          'qr_watch_state_known',
          sql`watch_state in ('watching', 'done', 'timed_out')`,
        )
        .execute();
      await db.schema
        .createIndex('qr_sessions_due')
        .ifNotExists()
        .on('qr_sessions')
        .columns(['watch_state', 'next_check_at'])
        .execute();

      await db.schema
        .createTable('summary_runs')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('period_key', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('summary_runs_pk', ['workspace_id', 'period_key'])
        .execute();

      await db.schema
        .createTable('workspace_settings')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.primaryKey())
        .addColumn('daily_budget_points', 'integer')
        .addColumn('summary_channel', 'text')
        .addColumn('budget_warned_day', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint(
          'settings_budget_not_negative',
          sql`daily_budget_points is null or daily_budget_points >= 0`,
        )
        .execute();

      await db.schema
        .createTable('installations')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text')
        .addColumn('enterprise_id', 'text')
        .addColumn('bot_user_id', 'text')
        .addColumn('bot_token_enc', 'text', (c) => c.notNull())
        .addColumn('gateway_token_enc', 'text')
        .addColumn('installation_enc', 'text')
        .addColumn('installed_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
