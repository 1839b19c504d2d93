import type { Db } from '../store/database.js';

/**
 * Paid calls in [from, to) that may have been charged although no answer said how much (flagged
 * `charge_unknown`; their points are 0 in every total). /spend shows how many there were.
 */
export async function maybeChargedCalls(
  db: Db,
  q: { workspaceId: string; from: Date; to: Date },
): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .where('workspace_id', '=', q.workspaceId)
    .where('created_at', '>=', q.from.getTime())
    .where('created_at', '<', q.to.getTime())
    .where('charge_unknown', '=', 1)
    .select((eb) => eb.fn.countAll<number>().as('calls'))
    .executeTakeFirst();
  return Number(row?.calls ?? 0);
}
