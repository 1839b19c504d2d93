import type { Db } from '../store/database.js';

/**
 * What an operation cost this workspace last time (its newest paid charge), so a button or a
 * preview can name a price before anything is called; undefined when it was never charged.
 */
export async function lastCharge(
  db: Db,
  workspaceId: string,
  operation: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('points')
    .where('workspace_id', '=', workspaceId)
    .where('operation', '=', operation)
    .where('kind', '=', 'charge')
    .where('points', '>', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.points;
}
