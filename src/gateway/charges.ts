import type { OperationName } from './operation.js';

/** Who a call is for; the token comes per call (each workspace may have its own). */
export interface CallContext {
  token: string;
  workspaceId: string;
  userId?: string;
  channelId?: string;
  requestId?: string;
  /** What started the call (a slash command, a button, `background`), kept in the audit. */
  origin?: string;
  /** Who approved the work this call is part of, kept in the audit beside the asker. */
  approvedBy?: string;
  /**
   * The workspace's daily budget as the caller read it for this call (null: none), handed on with
   * the charge so the budget warning need not read it again; absent when the caller did not read it.
   */
  dailyBudget?: number | null;
}

export interface ChargeEvent {
  operation: OperationName;
  workspaceId: string;
  userId?: string;
  channelId?: string;
  requestId: string;
  points: number;
  kind: 'charge' | 'refund';
  /** -1 when no envelope was read (see chargeUnknown). */
  gatewayCode: number;
  qrSessionId?: string;
  /** What started the call (CallContext.origin): the ledger books channel subscriptions apart. */
  origin?: string;
  /** CallContext.dailyBudget, when the caller read it. */
  dailyBudget?: number | null;
  /**
   * The call may have been charged but no answer says how much: `points` is 0 and the ledger
   * flags the entry "maybe charged".
   */
  chargeUnknown?: boolean;
}

/** Awaited before the call resolves, so a charge is recorded before anyone sees the answer. */
export type ChargeListener = (event: ChargeEvent) => void | Promise<void>;
