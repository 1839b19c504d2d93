import type { Charges } from './charges.js';
import type { LiveOrders } from './live-orders.js';
import type { LiveShopOrders } from './live-shop-orders.js';
import type { QrSessions } from './qr-sessions.js';
import type { World } from './seed/world.js';

/** What a handler decides; the router wraps it in the envelope and books the points. */
export interface Answer {
  code: number;
  msg: string;
  data: unknown;
  /** Points this answer charges (its withholding_money), booked in the sandbox ledger. */
  charged?: number;
  /** Points this answer returns to the caller, booked as refunded. */
  refunded?: number;
}

export interface HandlerRequest {
  /** Query-string or form fields (first value of each name). */
  fields: Record<string, string>;
  /** Parsed JSON body (operation 5 only). */
  json: unknown;
}

export interface HandlerContext {
  world: World;
  sessions: QrSessions;
  liveOrders: LiveOrders;
  liveShopOrders: LiveShopOrders;
  charges: Charges;
  now: number;
  unauthorizedShops: ReadonlySet<string>;
  unauthorizedUsers: ReadonlySet<string>;
}

export type Handler = (req: HandlerRequest, ctx: HandlerContext) => Answer;

/** A request-parameter problem: answered with code 100 and this message. */
export class ParamError extends Error {
  override readonly name = 'ParamError';
}

export function ok(data: Record<string, unknown>, charge: number): Answer {
  return { code: 0, msg: 'success', data: { ...data, withholding_money: charge }, charged: charge };
}

/** Failures carry data "" (the document's rule for operation 6, applied to every operation). */
export function fail(code: number, msg: string): Answer {
  return { code, msg, data: '' };
}

export const AUTHORIZE_BASE = 'https://sandbox.querydesk.invalid/authorize';

/** Code 302 with the link the shop owner or affiliate user scans to authorize. */
export function unauthorized(kind: 'shop' | 'affiliate', id: string): Answer {
  const url = `${AUTHORIZE_BASE}?${new URLSearchParams({ scope: kind, id }).toString()}`;
  return { code: 302, msg: `${kind === 'shop' ? 'shop' : 'user'} not authorized`, data: { url } };
}
