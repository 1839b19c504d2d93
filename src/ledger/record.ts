import { dayKey } from './day.js';
import { expectedPrice, notePrice } from './price.js';
import type { LedgerDeps, LedgerEntryInput } from './types.js';
import { type SettledCharge, settleUnconfirmed, unconfirmedIds } from './unconfirmed.js';

/**
 * Appends one entry. Its local day goes with it, and the table's trigger adds the entry to that
 * day's aggregate row within the same statement: the aggregates never disagree with the entries,
 * and the insert stays one round trip. Zero-point charges are kept (who called what). A second
 * refund for the same (workspace, QR session) is dropped by the unique index, adds nothing to the
 * aggregates, and is reported as `recorded: false`.
 *
 * A paid call that may have been charged (chargeUnknown) is recorded unconfirmed, holding its
 * operation's expected price (expectedPrice) against the budget rather than 0; the next charge
 * the gateway reports for that operation settles it at the price that answer names (the
 * `settled` list), so it is counted once, at the gateway's figure. Every answered charge (code 0)
 * is also noted as its operation's price, for budget holds (see price.ts).
 */
export async function recordEntry(
  { store, clock, logger, timeZone }: LedgerDeps & { timeZone: string },
  entry: LedgerEntryInput,
): Promise<{ recorded: boolean; settled?: SettledCharge[] }> {
  if (!Number.isSafeInteger(entry.points) || entry.points < 0) {
    throw new RangeError(`ledger points must be a whole number ≥ 0, got ${entry.points}`);
  }
  const at = clock();
  const points = entry.chargeUnknown
    ? Math.max(
        entry.points,
        (await expectedPrice(store.db, {
          workspaceId: entry.workspaceId,
          operation: entry.operation,
          now: at,
        })) ?? 0,
      )
    : entry.points;
  // Only an answer the gateway served (code 0) names the operation's price.
  const servedCharge = entry.kind === 'charge' && !entry.chargeUnknown && entry.gatewayCode === 0;
  const target = { workspaceId: entry.workspaceId, operation: entry.operation };
  const row = await store.db
    .insertInto('ledger_entries')
    .values({
      workspace_id: entry.workspaceId,
      user_id: entry.userId ?? null,
      channel_id: entry.channelId ?? null,
      operation: entry.operation,
      points,
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
    .returning((eb) => [
      'id',
      // Whether unconfirmed charges wait to be settled by this answer, asked in the insert's own
      // round trip: nearly always none, and then the charge costs one statement, not two.
      (servedCharge
        ? eb.exists(unconfirmedIds(store.db, { ...target, before: at.getTime() }))
        : eb.lit(false)
      ).as('unsettled'),
    ])
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
  if (!recorded || !servedCharge) return { recorded };
  await notePrice(store.db, {
    workspaceId: entry.workspaceId,
    operation: entry.operation,
    points: entry.points,
    at,
  });
  if (!row.unsettled) return { recorded };
  const settled = await settleUnconfirmed(
    store.db,
    store.dialect,
    { ...target, before: at.getTime() },
    entry.points,
  );
  return settled.length > 0 ? { recorded, settled } : { recorded };
}
