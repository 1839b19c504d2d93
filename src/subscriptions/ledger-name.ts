/**
 * The ledger's and the audit's name for channel subscription polls (operation 7 all the same), so
 * /spend, the Home tab and the daily summary show what subscriptions cost apart from lookups.
 */
export const SUBSCRIPTIONS_LEDGER = 'subscriptions';

/**
 * Every ledger name a gateway operation's charges are booked under: operation 7 is paid as a
 * lookup (`shopOrders`) or as a poll, and either says what it costs.
 */
export function ledgerNamesOf(operation: string): readonly string[] {
  return operation === 'shopOrders' ? ['shopOrders', SUBSCRIPTIONS_LEDGER] : [operation];
}
