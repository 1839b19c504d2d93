import { lastCharge } from '../ledger/last-charge.js';
import type { Db } from '../store/database.js';

/** What operation 2 cost this workspace last time, for the "Load account analytics" button. */
export const lastAccountCharge = (db: Db, workspaceId: string): Promise<number | undefined> =>
  lastCharge(db, workspaceId, 'accountData');

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
