import type { Logger } from 'pino';
import type { LedgerKind } from '../store/database.js';
import type { Store } from '../store/open-store.js';

export interface LedgerDeps {
  store: Store;
  clock: () => Date;
  logger: Logger;
  /** SPEND_SUMMARY_TZ: the zone the aggregates' days are cut in (default Asia/Shanghai). */
  timeZone?: string;
}

/** One gateway call's charge, or a QR session's refund, as the gateway reported it. */
export interface LedgerEntryInput {
  workspaceId: string;
  userId?: string;
  channelId?: string;
  operation: string;
  /** Whole points, 0 or more; the kind says which way they went. */
  points: number;
  kind: LedgerKind;
  gatewayCode: number;
  requestId: string;
  /** Refunds carry their QR session: one refund per (workspace, session) is ever recorded. */
  qrSessionId?: string;
  /**
   * A paid call that may have been charged, amount unknown: recorded unconfirmed, holding its
   * operation's expected price until a later answer settles it (see recordEntry).
   */
  chargeUnknown?: boolean;
}

export interface LedgerEntry {
  id: number;
  workspaceId: string;
  userId: string | null;
  channelId: string | null;
  operation: string;
  points: number;
  kind: LedgerKind;
  gatewayCode: number;
  requestId: string;
  qrSessionId: string | null;
  createdAt: Date;
  /** A paid call that may have been charged, not yet settled: `points` is what it holds. */
  unconfirmed: boolean;
}

export interface OperationSpend {
  operation: string;
  charged: number;
  refunded: number;
  net: number;
  /** Charge entries, including zero-point ones: each is one gateway call. */
  calls: number;
}

export interface UserSpend {
  /** null for calls made by no one in particular (scheduled work). */
  userId: string | null;
  net: number;
  calls: number;
}

export interface SpendReport {
  from: Date;
  to: Date;
  timeZone: string;
  charged: number;
  refunded: number;
  net: number;
  calls: number;
  /** Highest net first. */
  byOperation: OperationSpend[];
  /** Highest net first. */
  byUser: UserSpend[];
  /** Every local day overlapping [from, to), oldest first, zero days included. */
  byDay: { day: string; net: number }[];
}

export type BudgetDecision =
  | { allowed: true }
  | { allowed: false; budget: number; spent: number; resetsAt: Date };
