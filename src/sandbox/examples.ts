import { LIVE_ORDERS } from './live-orders.js';
import { ACCOUNTS } from './seed/accounts.js';
import { COUPON_SIDS } from './seed/coupons.js';
import { MERCHANTS, payOrderNumbers } from './seed/pay-orders.js';
import { PUNISH_USERS } from './seed/punishments.js';
import { SHOPS } from './seed/shop-orders.js';

/** Seeded as not authorized (code 302); every unseeded id is answered 302 as well. */
export const UNAUTHORIZED_SHOPS = ['2209000001', '2209000002'] as const;
export const UNAUTHORIZED_USERS = ['1688000999'] as const;

// Orders 0..3 of the first merchant: statuses 0..3, order_type 1. Even last digit → object data,
// odd → one-element array; orders 0 and 3 have an ISO 8601 created_at.
const order = (i: number) => payOrderNumbers(0, i);

/**
 * Identifiers that work against the sandbox for every seed, for the README and the Slack help.
 * Any non-empty bearer token is accepted unless the sandbox was started with `tokens`.
 */
export const SANDBOX_EXAMPLES = {
  token: 'sandbox-token',
  payOrder: {
    merchantNum: MERCHANTS[0].num,
    merchantName: MERCHANTS[0].name,
    unpaid: order(0),
    paid: order(1),
    refunded: order(2),
    cancelled: order(3),
    unknownOrderNumber: '4200999999999999',
    /** Unpaid when first looked up, paid 20 s later, called back 6 min after that. */
    lateCallback: LIVE_ORDERS[0],
    /** Paid 20 s after the first look-up, never called back. */
    neverCalledBack: LIVE_ORDERS[1],
    /** Moves only on demand (the console's buttons, `sandbox.moveOrder`). */
    waits: LIVE_ORDERS[2],
  },
  shopOrders: {
    ownerId: SHOPS[0].ownerId,
    orderCount: SHOPS[0].orders,
    smallShopOwnerId: SHOPS[1].ownerId,
    unauthorizedOwnerId: UNAUTHORIZED_SHOPS[0],
  },
  coupons: { sid: COUPON_SIDS[0], type: '4', oldClaimsOnlySid: COUPON_SIDS[2] },
  punishments: { platformUserId: PUNISH_USERS[0], unauthorizedUserId: UNAUTHORIZED_USERS[0] },
  account: { mediaMark: ACCOUNTS[0].mediaMark, phone: ACCOUNTS[0].phone },
} as const;
