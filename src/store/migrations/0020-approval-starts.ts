import type { Kysely, Migration } from 'kysely';

/**
 * Approved work started exactly once, crash or not: the approval records the id its work gets
 * (chosen in the same update that decides it) and when its outcome was settled, so an approved
 * request whose process died before the work started is found and started by any replica.
 */
export function approvalStartsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('approval_requests').addColumn('work_id', 'text').execute();
      await db.schema.alterTable('approval_requests').addColumn('settled_at', 'bigint').execute();
    },
  };
}
