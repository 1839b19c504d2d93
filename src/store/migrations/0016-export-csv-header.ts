import type { Kysely, Migration } from 'kysely';

/**
 * An export's CSV header row: null keeps the machine column names (order_sn, …); a locale
 * (`en`, `zh-CN`) writes the column titles in that language, the starter's, as the preview offers.
 */
export function exportCsvHeaderMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('exports').addColumn('csv_header', 'text').execute();
    },
  };
}
