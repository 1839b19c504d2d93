import type { Db } from '../store/database.js';

/**
 * What operation 2 cost this workspace last time, so the "Load account analytics" button can
 * name a price; undefined when it was never called (the button then just says it is paid).
 */
export async function lastAccountCharge(db: Db, workspaceId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('points')
    .where('workspace_id', '=', workspaceId)
    .where('operation', '=', 'accountData')
    .where('kind', '=', 'charge')
    .where('points', '>', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.points;
}

/** The refund the ledger holds for a QR session, if one was recorded. */
export async function recordedRefund(
  db: Db,
  workspaceId: string,
  sessionId: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('points')
    .where('workspace_id', '=', workspaceId)
    .where('qr_session_id', '=', sessionId)
    .where('kind', '=', 'refund')
    .executeTakeFirst();
  return row?.points;
}
