import type { Kysely, Migration } from 'kysely';

/**
 * Workflow Builder steps: one row per `function_execution_id` (its primary key is the claim that
 * makes a redelivered execution do nothing, across replicas), and on a QR session the step
 * waiting for its final status, with the execution's token (sealed under ENCRYPTION_KEY when set),
 * so a restart or another replica still completes it once.
 */
export function workflowStepsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('step_executions')
        .ifNotExists()
        .addColumn('execution_id', 'text', (c) => c.primaryKey())
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('callback_id', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .execute();
      await db.schema.alterTable('qr_sessions').addColumn('step_execution_id', 'text').execute();
      await db.schema.alterTable('qr_sessions').addColumn('step_token', 'text').execute();
      await db.schema.alterTable('qr_sessions').addColumn('step_completed_at', 'bigint').execute();
    },
  };
}
