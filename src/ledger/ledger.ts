import type { Db } from '../store/database.js';
import { ensureAggregates } from './aggregates.js';
import { type BudgetQuery, checkBudget, crossedWarning, type WarningQuery } from './budget.js';
import { hasEntriesBefore, recentEntries } from './recent.js';
import { recordEntry } from './record.js';
import { type Reservation, type ReserveQuery, reserveBudget } from './reservation.js';
import { type PruneResult, pruneEntries } from './retention.js';
import { reportFromCells, type SpendCell, spendCells, spendReport, spentOnDay } from './spend.js';
import { rawSpendCells, rawSpentOnDay } from './spend-raw.js';
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
import { type SettledCharge, settleUnconfirmed } from './unconfirmed.js';

type SpendQuery = { workspaceId: string; from: Date; to: Date; timeZone: string };
type Recorded = { recorded: boolean; settled?: SettledCharge[] };

/**
 * The points ledger: append-only entries, the source of truth, and per-day aggregates written in
 * the same transaction as each entry, which every report reads.
 */
export interface Ledger {
  /** `settled`: unconfirmed charges of that operation this answer's price settled (see recordEntry). */
  record(entry: LedgerEntryInput): Promise<Recorded>;
  /** The same, with the instant the charge happened (the charge journal's replays keep theirs). */
  recordAt(at: Date, entry: LedgerEntryInput): Promise<Recorded>;
  /**
   * A reconciliation: one unconfirmed charge (by its request id) settled at what the gateway's
   * statement says it cost (0 when it was never served). Undefined when none is unconfirmed.
   */
  settleUnconfirmed(q: {
    workspaceId: string;
    requestId: string;
    points: number;
  }): Promise<SettledCharge | undefined>;
  spend(q: SpendQuery): Promise<SpendReport>;
  /** Sums per (local day, operation, user, kind) over [from, to): what charts are drawn from. */
  cells(q: SpendQuery): Promise<SpendCell[]>;
  spentOnDay(q: { workspaceId: string; day: Date; timeZone: string }): Promise<number>;
  /** Paid calls that may have been charged, not yet settled: how many, and the points held. */
  maybeCharged(q: {
    workspaceId: string;
    from: Date;
    to: Date;
  }): Promise<{ calls: number; points: number }>;
  recent(q: { workspaceId: string; limit: number; userId?: string }): Promise<LedgerEntry[]>;
  hasEntriesBefore(q: { workspaceId: string; before: Date }): Promise<boolean>;
  checkBudget(q: Omit<BudgetQuery, 'now'> & { now?: Date }): Promise<BudgetDecision>;
  /** Holds room in today's budget for one paid call; settle the hold when the call is done. */
  reserveBudget(q: Omit<ReserveQuery, 'now'> & { now?: Date }): Promise<Reservation>;
  crossedWarning(q: Omit<WarningQuery, 'now'> & { now?: Date }): Promise<boolean>;
  /** Deletes entries older than the retention (aggregates stay); once a day across replicas. */
  prune(q: { retentionDays: number }): Promise<PruneResult>;
  claimSummary(key: SummaryKey & { late?: boolean }): Promise<boolean>;
  markSummarySent(key: SummaryKey): Promise<void>;
  releaseSummary(key: SummaryKey): Promise<void>;
}

/** The zone the aggregates' days are cut in when none is given (GATEWAY_TIMEZONE's default). */
export const DEFAULT_LEDGER_ZONE = 'Asia/Shanghai';

export function createLedger(deps: LedgerDeps): Ledger {
  const { db, dialect } = deps.store;
  const { clock } = deps;
  const zone = deps.timeZone ?? DEFAULT_LEDGER_ZONE;
  // Built (or rebuilt for a new zone) on first use; every read and write waits for it.
  let ready: Promise<unknown> | undefined;
  const whenReady = <T>(fn: () => Promise<T>): Promise<T> => {
    ready ??= ensureAggregates(db, dialect, zone).catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready.then(fn);
  };
  // Aggregates answer in their own zone; a report asked in another zone sums the entries.
  const spent = (d: Db, q: { workspaceId: string; day: Date; timeZone: string }) =>
    q.timeZone === zone ? spentOnDay(d, q) : rawSpentOnDay(d, q);
  const recordAt = (at: Date, entry: LedgerEntryInput) =>
    whenReady(() => recordEntry({ ...deps, clock: () => at, timeZone: zone }, entry));
  const cells = (q: SpendQuery) =>
    whenReady(() => (q.timeZone === zone ? spendCells(db, q) : rawSpendCells(db, q)));
  return {
    // The instant is taken before any wait, as the entry's time.
    record: (entry) => recordAt(clock(), entry),
    recordAt,
    spend: async (q) =>
      q.timeZone === zone
        ? whenReady(() => spendReport(db, q))
        : reportFromCells(q, await cells(q)),
    cells,
    spentOnDay: (q) => whenReady(() => spent(db, q)),
    maybeCharged: async (q) =>
      (await cells({ ...q, timeZone: zone }))
        .filter((c) => c.kind === 'unknown')
        .reduce((n, c) => ({ calls: n.calls + c.entries, points: n.points + c.points }), {
          calls: 0,
          points: 0,
        }),
    settleUnconfirmed: async (q) =>
      (await whenReady(() => settleUnconfirmed(db, dialect, q, q.points)))[0],
    // Waits for the aggregates: one person's window is found in them.
    recent: (q) => whenReady(() => recentEntries(db, q)),
    hasEntriesBefore: (q) => hasEntriesBefore(db, q),
    checkBudget: (q) => whenReady(() => checkBudget(db, { ...q, now: q.now ?? clock() }, spent)),
    reserveBudget: (q) =>
      whenReady(() =>
        reserveBudget(db, { ...q, now: q.now ?? clock() }, { spentToday: spent, clock, dialect }),
      ),
    crossedWarning: (q) =>
      whenReady(() => crossedWarning(db, { ...q, now: q.now ?? clock() }, spent)),
    prune: (q) => whenReady(() => pruneEntries(db, { ...q, now: clock(), timeZone: zone })),
    claimSummary: (key) => claimSummary(db, key, clock()),
    markSummarySent: (key) => markSummarySent(db, key, clock()),
    releaseSummary: (key) => releaseSummary(db, key),
  };
}
