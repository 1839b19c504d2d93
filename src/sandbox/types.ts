import type { FaultKind, FaultOptions } from './faults.js';
import type { LiveOrderView, OrderMove } from './live-orders.js';

import type { ROUTES } from './routes.js';

/** An operation, named as the rest of querydesk names it; `ROUTES` lists them. */
export type SandboxOp = keyof typeof ROUTES;

export interface SandboxOptions {
  /** 0 (default) lets the OS pick a free port. */
  port?: number;
  host?: string;
  /** Seed of every generated value; the same seed and anchor give the same data. */
  seed?: number;
  /**
   * Epoch ms the generated history is laid out around (orders, coupons, punishments lie in the
   * days before it). Default: the clock's reading at start-up, truncated to its Shanghai day.
   */
  anchor?: number;
  /** Points per successful call. Operation 6 (payOrder) is free: any other value is refused. */
  charges?: Partial<Record<SandboxOp, number>>;
  /** A QR session turns "scanned" (status 2) this long after creation; undefined = never by itself. */
  qrScanAfterMs?: number;
  /** A QR session not scanned by then turns "expired" (status 3). Default 120000. */
  qrExpireAfterMs?: number;
  /** A live order turns paid this long after it is first looked up. Default 20000. */
  orderPayAfterMs?: number;
  /** The "late-callback" live order is called back this long after payment. Default 360000. */
  orderCallbackAfterMs?: number;
  /**
   * Each seeded shop gets a new order confirmed this often (ms) after start-up, for channel
   * subscriptions to find; undefined (default): none by themselves (see `addShopOrders`).
   */
  shopOrderEveryMs?: number;
  /** More seeded shops (a few orders each), e.g. one per channel subscription a benchmark tells apart. */
  extraShopOwnerIds?: string[];
  /** More live orders that move only on demand (numbered after `LIVE_ORDERS`), e.g. to pay watched ones. */
  extraWaitingOrders?: number;
  /** When set, only these bearer tokens are valid; otherwise any non-empty token is. */
  tokens?: string[];
  /** Per operation and token, in any sliding 1-second window. Default 10 (the document's limit). */
  rateLimitPerSecond?: number;
  clock?: () => number;
  /** Shop owner ids answered with 302 even if seeded (every unseeded owner id is answered 302). */
  unauthorizedShops?: string[];
  /** Affiliate user ids answered with 302 even if seeded (every unseeded user id is answered 302). */
  unauthorizedUsers?: string[];
  /** Faults injected before any operation runs (never charged); see faults.ts. Default none. */
  faults?: FaultOptions;
}

export interface LedgerLine {
  charged: number;
  refunded: number;
  calls: number;
}

export interface LedgerSnapshot {
  charged: number;
  refunded: number;
  byOperation: Record<SandboxOp, LedgerLine>;
}

export interface RequestRecord {
  /** null when the path and method name no operation (answered with code 404). */
  op: SandboxOp | null;
  /** Arrival time, epoch ms by the sandbox clock. */
  at: number;
  method: string;
  path: string;
  httpStatus: number;
  code: number;
  /** A short fingerprint of the bearer token (never the token itself); null without one. */
  tokenTag: string | null;
  /** What the request asks about (its session_id, order_number or owner_id); null otherwise. */
  subject: string | null;
}

export type QrStatus = '1' | '2' | '3';

export interface QrSessionView {
  sessionId: string;
  mediaMark: string;
  squeezePage?: string;
  url: string;
  createdAt: number;
  status: QrStatus;
  /** Points the creation cost (what a status-3 answer returns). */
  creationCharge: number;
  refunded: boolean;
  /** Status checks answered "1" or "2" and charged, counted by the sandbox. */
  paidChecks: number;
}

export interface Sandbox {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:8787 */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The sandbox's own record of points, for reconciliation with the client's ledger. */
  ledger(): LedgerSnapshot;
  /** Every request in arrival order. */
  requests(): RequestRecord[];
  /** Marks a not-yet-final session scanned; false when unknown or already final. */
  simulateScan(sessionId: string): boolean;
  /** Marks a not-yet-final session expired; false when unknown or already final. */
  simulateExpire(sessionId: string): boolean;
  sessions(): QrSessionView[];
  /** Moves a live order on demand (pay, callback, refund, cancel); false when it cannot move so. */
  moveOrder(orderNumber: string, move: OrderMove): boolean;
  /** The live orders (the ones that move) as they are now. */
  liveOrders(): LiveOrderView[];
  /** `count` new orders of a seeded shop, confirmed now; false when the owner id names no shop. */
  addShopOrders(ownerId: string, count: number): boolean;
  /** Changes (or, with undefined, stops) fault injection from now on. */
  setFaults(options: FaultOptions | undefined): void;
  /** How many of each fault were injected so far. */
  faults(): Record<FaultKind, number>;
}
