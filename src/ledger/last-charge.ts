import type { Db } from '../store/database.js';

/**
 * What an operation cost this workspace last time (its newest paid charge), so a button or a
 * preview can name a price before anything is called; undefined when it was never charged. Several
 * names: the newest charge of any of them (operation 7 booked as lookups or as subscriptions).
 */
export async function lastCharge(
  db: Db,
  workspaceId: string,
  operation: string | readonly string[],
): Promise<number | undefined> {
  const operations = typeof operation === 'string' ? [operation] : operation;
  const row = await db
    .selectFrom('ledger_entries')
    .select('points')
    .where('workspace_id', '=', workspaceId)
    .where('operation', 'in', operations)
    .where('kind', '=', 'charge')
    .where('points', '>', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.points;
}
