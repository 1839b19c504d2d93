import type { Kysely, Migration } from 'kysely';

/**
 * Approval for costly work: one row per request (what to start, who asked where, the estimate,
 * the approvers' direct messages, its state and expiry), the two workspace settings that decide
 * when one is needed, and the approver kept beside the asker on the work it started and on the
 * audit rows of that work's calls.
 */
export function approvalRequestsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approval_requests')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('work_json', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('estimate', 'bigint')
        .addColumn('approvers_json', 'text', (c) => c.notNull())
        .addColumn('dms_json', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('note', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_requests_pk', ['workspace_id', 'request_id'])
        .execute();
      await db.schema
        .createIndex('approval_requests_due')
        .ifNotExists()
        .on('approval_requests')
        .columns(['state', 'expires_at'])
        .execute();
      await db.schema
        .alterTable('workspace_settings')
        .addColumn('approval_above', 'bigint')
        .execute();
      await db.schema.alterTable('workspace_settings').addColumn('approvers', 'text').execute();
      await db.schema.alterTable('exports').addColumn('approved_by', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('approved_by', 'text').execute();
      await db.schema.alterTable('audit_entries').addColumn('approved_by', 'text').execute();
    },
  };
}
