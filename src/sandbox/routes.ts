import type { Handler } from './answer.js';
import { accountData } from './handlers/account-data.js';
import { coupons } from './handlers/coupons.js';
import { payOrder } from './handlers/pay-order.js';
import { punishments } from './handlers/punishments.js';
import { qrCreate } from './handlers/qr-create.js';
import { qrStatus } from './handlers/qr-status.js';
import { shopOrders } from './handlers/shop-orders.js';
import { SANDBOX_OPS, type SandboxOp } from './types.js';

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  body: 'query' | 'form' | 'json';
  handle: Handler;
}

/** The document's seven endpoints, exactly as it writes them. */
export const ROUTES = {
  qrCreate: {
    method: 'GET',
    path: '/papi/tool/accounts/set-media-url',
    body: 'query',
    handle: qrCreate,
  },
  accountData: {
    method: 'GET',
    path: '/papi/tool/accounts/get-media-data',
    body: 'query',
    handle: accountData,
  },
  qrStatus: {
    method: 'GET',
    path: '/papi/tool/accounts/sel-media-stu',
    body: 'query',
    handle: qrStatus,
  },
  coupons: {
    method: 'POST',
    path: '/papi/tool/waimai/partner_couponList',
    body: 'form',
    handle: coupons,
  },
  punishments: {
    method: 'POST',
    path: '/papi/tool/affiliate/affpunishorder',
    body: 'json',
    handle: punishments,
  },
  payOrder: {
    method: 'GET',
    path: '/papi/tool/accounts/merchant-order-detail',
    body: 'query',
    handle: payOrder,
  },
  shopOrders: {
    method: 'POST',
    path: '/papi/tool/erps/paging-orders',
    body: 'form',
    handle: shopOrders,
  },
} as const satisfies Record<SandboxOp, Route>;

/** The operation a method and path name, or undefined (answered with code 404). */
export function findOp(method: string, path: string): SandboxOp | undefined {
  return SANDBOX_OPS.find((op) => ROUTES[op].path === path && ROUTES[op].method === method);
}
