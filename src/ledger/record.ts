import { dayKey } from './day.js';
import type { LedgerDeps, LedgerEntryInput } from './types.js';

/**
 * Appends one entry. Its local day goes with it, and the table's trigger adds the entry to that
 * day's aggregate row within the same statement: the aggregates never disagree with the entries,
 * and the insert stays one round trip. Zero-point charges are kept (who called what). A second
 * refund for the same (workspace, QR session) is dropped by the unique index, adds nothing to the
 * aggregates, and is reported as `recorded: false`.
 */
export async function recordEntry(
  { store, clock, logger, timeZone }: LedgerDeps & { timeZone: string },
  entry: LedgerEntryInput,
): Promise<{ recorded: boolean }> {
  if (!Number.isSafeInteger(entry.points) || entry.points < 0) {
    throw new RangeError(`ledger points must be a whole number ≥ 0, got ${entry.points}`);
  }
  const at = clock();
  const row = await store.db
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
      created_at: at.getTime(),
      charge_unknown: entry.chargeUnknown ? 1 : 0,
      day: dayKey(at, timeZone),
      tally: entry.chargeUnknown ? 'unknown' : entry.kind,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  const recorded = row !== undefined;
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
