/**
 * The ledger's and the audit's name for channel subscription polls (operation 7 all the same), so
 * /spend, the Home tab and the daily summary show what subscriptions cost apart from lookups.
 */
export const SUBSCRIPTIONS_LEDGER = 'subscriptions';
