import type { Handler } from './answer.js';
import { accountData } from './handlers/account-data.js';
import { coupons } from './handlers/coupons.js';
import { payOrder } from './handlers/pay-order.js';
import { punishments } from './handlers/punishments.js';
import { qrCreate } from './handlers/qr-create.js';
import { qrStatus } from './handlers/qr-status.js';
import { shopOrders } from './handlers/shop-orders.js';
import type { SandboxOp } from './types.js';

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  body: 'query' | 'form' | 'json';
  /** Points a successful call charges unless the sandbox is started with other `charges`. */
  charge: number;
  handle: Handler;
}

/**
 * The document's endpoints, exactly as it writes them, in its order: the one list of the
 * sandbox's operations (an operation is its handler and one entry here).
 */
export const ROUTES = {
  qrCreate: {
    method: 'GET',
    path: '/papi/tool/accounts/set-media-url',
    body: 'query',
    charge: 10,
    handle: qrCreate,
  },
  accountData: {
    method: 'GET',
    path: '/papi/tool/accounts/get-media-data',
    body: 'query',
    charge: 20,
    handle: accountData,
  },
  qrStatus: {
    method: 'GET',
    path: '/papi/tool/accounts/sel-media-stu',
    body: 'query',
    charge: 1,
    handle: qrStatus,
  },
  coupons: {
    method: 'POST',
    path: '/papi/tool/waimai/partner_couponList',
    body: 'form',
    charge: 5,
    handle: coupons,
  },
  punishments: {
    method: 'POST',
    path: '/papi/tool/affiliate/affpunishorder',
    body: 'json',
    charge: 5,
    handle: punishments,
  },
  payOrder: {
    method: 'GET',
    path: '/papi/tool/accounts/merchant-order-detail',
    body: 'query',
    charge: 0,
    handle: payOrder,
  },
  shopOrders: {
    method: 'POST',
    path: '/papi/tool/erps/paging-orders',
    body: 'form',
    charge: 5,
    handle: shopOrders,
  },
} as const satisfies Record<string, Route>;

// Object.keys and Object.fromEntries lose the key type; the keys here are ROUTES' own.
/** Every operation, in the document's order. */
export const SANDBOX_OPS = Object.keys(ROUTES) as readonly SandboxOp[];

/** One value for every operation. */
export function perOperation<T>(value: (op: SandboxOp) => T): Record<SandboxOp, T> {
  return Object.fromEntries(SANDBOX_OPS.map((op) => [op, value(op)])) as Record<SandboxOp, T>;
}

/** The operation a method and path name, or undefined (answered with code 404). */
export function findOp(method: string, path: string): SandboxOp | undefined {
  return SANDBOX_OPS.find((op) => ROUTES[op].path === path && ROUTES[op].method === method);
}
