import type { ShopOrder } from '../../src/gateway/operations/shop-order-record.js';
import type { Store } from '../../src/store/index.js';
import {
  createSubscriptionPoller,
  type SubscriptionMessages,
  type SubscriptionPoller,
  type SubscriptionRow,
  type SubscriptionSource,
} from '../../src/subscriptions/index.js';
import { captureLogger } from '../fakes/log-capture.js';

// The poller on a real store with the Slack side and the gateway faked, for the windows between
// its steps (a dead click, a kill between pages or before the posts) that the bot cannot be
// stopped in on purpose.

/** An active subscription, due now, whose message is not posted yet. */
export function activeRow(now: number): SubscriptionRow {
  return {
    workspace_id: 'T0POLLER',
    subscription_id: 'd3b07384-d9a0-4c9b-8f5e-1c1f2c3d4e5f',
    channel_id: 'C0POLLER',
    user_id: 'U0POLLER',
    owner_id: '2201000250',
    remark: null,
    remark_tag: null,
    interval_ms: 400,
    state: 'active',
    message_ts: null,
    started_at: now - 1000,
    polled_to: null,
    next_poll_at: now,
    send_retry_at: null,
    paused: null,
    paused_until: null,
    failures: 0,
    problem: null,
    problem_url: null,
    price: null,
    polls: 0,
    points: 0,
    orders_posted: 0,
    ended_by: null,
    ended_reason: null,
    approved_by: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    created_at: now - 2000,
    updated_at: now - 1000,
  };
}

export const keyOf = (row: SubscriptionRow) => ({
  workspaceId: row.workspace_id,
  subscriptionId: row.subscription_id,
});

export function order(sn: string, confirmedAt = new Date()): ShopOrder {
  return {
    orderSn: sn,
    goodsName: 'Tea',
    goodsImg: '',
    goodsSpec: '',
    goodsCount: 1,
    payAmountText: '1.00',
    payAmountFen: 100,
    status: '1',
    isPreSale: false,
    confirmedAt,
    remark: '',
    remarkTag: null,
    remarkTagName: null,
    receiverName: '',
    receiverPhone: '',
    province: '',
    city: '',
    town: '',
    address: '',
  };
}

/** A gateway with one order (SN-1) and a chat that records what was posted. */
export function fakes() {
  const posted: string[] = [];
  const pages: number[] = [];
  const sn1 = order('SN-1');
  const source: SubscriptionSource = {
    async checkBudget() {},
    async page(_row, _start, page) {
      pages.push(page);
      return { orders: [sn1], total: 1, points: 5 };
    },
    describe: async () => ({ words: 'failed' }),
  };
  const messages: SubscriptionMessages = {
    async post() {
      posted.push('subscription message');
      return { ts: '1700000000.000001', locale: 'en' };
    },
    async show() {},
    async postOrder(_row, o) {
      posted.push(o.orderSn);
    },
    async postBatch(_row, _first, total) {
      posted.push(`batch of ${total}`);
      return '1700000000.000002';
    },
    async uploadCsv(_row, _ts, orders) {
      posted.push(`csv of ${orders.length}`);
    },
  };
  return { source, messages, posted, pages };
}

export type Fakes = ReturnType<typeof fakes>;

/** A started poller on `store` (a replica); `cleanups` stops it. */
export function startPoller(
  store: Store,
  f: Fakes,
  workerId: string,
  cleanups: (() => Promise<unknown>)[],
  leaseMs?: number,
): SubscriptionPoller {
  const p = createSubscriptionPoller({
    deps: {
      logger: captureLogger('warn').logger,
      store,
      clock: () => new Date(),
      random: () => 0.5,
      source: f.source,
      messages: f.messages,
      metrics: { polled() {}, posted() {}, lateness() {} },
      lastPrice: async () => undefined,
    },
    workerId,
    tickMs: 50,
    leaseMs,
  });
  p.start();
  cleanups.push(() => p.stop());
  return p;
}
