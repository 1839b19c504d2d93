export type { BudgetQuery, WarningQuery } from './budget.js';
export { type DayRange, dayKey, dayRange, daysBetween } from './day.js';
export { lastCharge } from './last-charge.js';
export { createLedger, type Ledger } from './ledger.js';
export type { SummaryKey } from './summary-claims.js';
export type * from './types.js';
