import { addToDaily } from './aggregates.js';
import { dayKey } from './day.js';
import type { LedgerDeps, LedgerEntryInput } from './types.js';
import { writeTransaction } from './write-transaction.js';

/**
 * Appends one entry and adds it to its day's aggregate row, in one transaction: the aggregates
 * never disagree with the entries, whichever of the two a crash would have interrupted. Zero-point charges are kept (who called what). A second refund for the same
 * (workspace, QR session) is dropped by the unique index and reported as `recorded: false`.
 */
export async function recordEntry(
  { store, clock, logger, timeZone }: LedgerDeps & { timeZone: string },
  entry: LedgerEntryInput,
): Promise<{ recorded: boolean }> {
  if (!Number.isSafeInteger(entry.points) || entry.points < 0) {
    throw new RangeError(`ledger points must be a whole number ≥ 0, got ${entry.points}`);
  }
  const at = clock().getTime();
  const recorded = await writeTransaction(store.db, store.dialect, async (trx) => {
    const row = await trx
      .insertInto('ledger_entries')
      .values({
        workspace_id: entry.workspaceId,
        user_id: entry.userId ?? null,
        channel_id: entry.channelId ?? null,
        operation: entry.operation,
        points: entry.points,
        kind: entry.kind,
        gateway_code: entry.gatewayCode,
        request_id: entry.requestId,
        qr_session_id: entry.qrSessionId ?? null,
        created_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) return false;
    await addToDaily(trx, {
      workspaceId: entry.workspaceId,
      day: dayKey(new Date(at), timeZone),
      operation: entry.operation,
      userId: entry.userId ?? null,
      kind: entry.kind,
      points: entry.points,
    });
    return true;
  });
  if (!recorded) {
    logger.info(
      {
        workspaceId: entry.workspaceId,
        qrSessionId: entry.qrSessionId,
        requestId: entry.requestId,
      },
      'duplicate refund ignored',
    );
  }
  return { recorded };
}
