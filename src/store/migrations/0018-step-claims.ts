import type { Kysely, Migration } from 'kysely';

/**
 * A step execution's claim lapses unless its replica renews it (`claim_until`), and the
 * execution's token is kept (sealed when ENCRYPTION_KEY is set) until it is completed: a replica
 * killed mid-step leaves it to the next delivery or to any replica's check, which finishes or
 * fails it once. Rows from before have no `claim_until` and read as claimed for one claim period.
 */
export function stepClaimsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('step_executions').addColumn('claim_until', 'bigint').execute();
      await db.schema.alterTable('step_executions').addColumn('token', 'text').execute();
      await db.schema
        .createIndex('step_executions_open')
        .ifNotExists()
        .on('step_executions')
        .columns(['outcome', 'claim_until'])
        .execute();
      await db.schema
        .createIndex('step_executions_claimed')
        .ifNotExists()
        .on('step_executions')
        .column('claimed_at')
        .execute();
    },
  };
}
