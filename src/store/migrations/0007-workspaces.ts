import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../database.js';

/**
 * Many workspaces: each workspace's sealed gateway token and who may spend, single-use OAuth
 * states, the audit of every gateway call, and once-per-period claims for housekeeping jobs.
 */
export function workspacesMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('workspace_settings')
        .addColumn('gateway_token_enc', 'text')
        .execute();
      await db.schema
        .alterTable('workspace_settings')
        .addColumn('gateway_token_last4', 'text')
        .execute();
      // JSON arrays of ids; null or [] means no restriction.
      await db.schema.alterTable('workspace_settings').addColumn('paid_channels', 'text').execute();
      await db.schema.alterTable('workspace_settings').addColumn('paid_users', 'text').execute();

      await db.schema
        .createTable('oauth_states')
        .ifNotExists()
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('install_options', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_entries')
        .ifNotExists()
        .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          dialect === 'postgres'
            ? c.primaryKey().generatedByDefaultAsIdentity()
            : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('channel_id', 'text')
        .addColumn('command', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('result_code', 'text', (c) => c.notNull())
        .addColumn('latency_ms', 'integer', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_workspace_time')
        .ifNotExists()
        .on('audit_entries')
        .columns(['workspace_id', 'at'])
        .execute();

      await db.schema
        .createTable('job_claims')
        .ifNotExists()
        .addColumn('job', 'text', (c) => c.notNull())
        .addColumn('period_key', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_claims_pk', ['job', 'period_key'])
        .execute();
    },
  };
}
