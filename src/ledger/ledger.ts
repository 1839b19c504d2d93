import { type BudgetQuery, checkBudget, crossedWarning, type WarningQuery } from './budget.js';
import { maybeChargedCalls } from './maybe-charged.js';
import { hasEntriesBefore, recentEntries } from './recent.js';
import { recordEntry } from './record.js';
import { spendReport, spentOnDay } from './spend.js';
import {
  claimSummary,
  markSummarySent,
  releaseSummary,
  type SummaryKey,
} from './summary-claims.js';
import type {
  BudgetDecision,
  LedgerDeps,
  LedgerEntry,
  LedgerEntryInput,
  SpendReport,
} from './types.js';

/** The points ledger: append-only entries; every total is a query, never a stored counter. */
export interface Ledger {
  record(entry: LedgerEntryInput): Promise<{ recorded: boolean }>;
  spend(q: { workspaceId: string; from: Date; to: Date; timeZone: string }): Promise<SpendReport>;
  spentOnDay(q: { workspaceId: string; day: Date; timeZone: string }): Promise<number>;
  /** Paid calls that may have been charged, amount unknown (see maybe-charged.ts). */
  maybeCharged(q: { workspaceId: string; from: Date; to: Date }): Promise<number>;
  recent(q: { workspaceId: string; limit: number; userId?: string }): Promise<LedgerEntry[]>;
  hasEntriesBefore(q: { workspaceId: string; before: Date }): Promise<boolean>;
  checkBudget(q: Omit<BudgetQuery, 'now'> & { now?: Date }): Promise<BudgetDecision>;
  crossedWarning(q: Omit<WarningQuery, 'now'> & { now?: Date }): Promise<boolean>;
  claimSummary(key: SummaryKey & { late?: boolean }): Promise<boolean>;
  markSummarySent(key: SummaryKey): Promise<void>;
  releaseSummary(key: SummaryKey): Promise<void>;
}

export function createLedger(deps: LedgerDeps): Ledger {
  const { db } = deps.store;
  const { clock } = deps;
  return {
    record: (entry) => recordEntry(deps, entry),
    spend: (q) => spendReport(db, q),
    spentOnDay: (q) => spentOnDay(db, q),
    maybeCharged: (q) => maybeChargedCalls(db, q),
    recent: (q) => recentEntries(db, q),
    hasEntriesBefore: (q) => hasEntriesBefore(db, q),
    checkBudget: (q) => checkBudget(db, { ...q, now: q.now ?? clock() }),
    crossedWarning: (q) => crossedWarning(db, { ...q, now: q.now ?? clock() }),
    claimSummary: (key) => claimSummary(db, key, clock()),
    markSummarySent: (key) => markSummarySent(db, key, clock()),
    releaseSummary: (key) => releaseSummary(db, key),
  };
}
