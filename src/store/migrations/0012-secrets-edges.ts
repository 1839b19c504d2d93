import type { Kysely, Migration } from 'kysely';

/**
 * Whether an export's CSV starts with a byte-order mark (its preview offers it; on unless turned
 * off). Which Enterprise Grid organisation a workspace belongs to, learnt from its requests: an
 * org-wide installation is stored under the organisation, so work that runs outside a request
 * (watches, exports, QR status edits) finds the workspace's bot token through it.
 */
export function secretsEdgesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('team_enterprises')
        .ifNotExists()
        .addColumn('team_id', 'text', (c) => c.primaryKey())
        .addColumn('enterprise_id', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('exports')
        .addColumn('csv_bom', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
