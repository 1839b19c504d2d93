import { afterEach, describe, expect, it } from 'vitest';
import type { ShopOrder } from '../../src/gateway/operations/shop-order-record.js';
import type { Store } from '../../src/store/index.js';
import {
  createSubscriptionPoller,
  findSubscription,
  insertSubscription,
  type SubscriptionMessages,
  type SubscriptionRow,
  type SubscriptionSource,
} from '../../src/subscriptions/index.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { captureLogger } from '../fakes/log-capture.js';

// The poller on real SQLite and PostgreSQL with the Slack side and the gateway faked: a
// Subscribe click that died before posting the subscription message leaves the row leased
// to it; once that lease lapses, a poller posts the message itself, once, and polls.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

function activeRow(now: number): SubscriptionRow {
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
    // The dead click's lease, lapsing 300 ms from now.
    lease_owner: 'click:dead',
    lease_until: now + 300,
    locale: null,
    created_at: now - 2000,
    updated_at: now - 1000,
  };
}

function fakes() {
  const posted: string[] = [];
  const pages: number[] = [];
  const order = (sn: string): ShopOrder => ({
    orderSn: sn,
    goodsName: 'Tea',
    goodsImg: '',
    goodsSpec: '',
    goodsCount: 1,
    payAmountText: '1.00',
    payAmountFen: 100,
    status: '1',
    isPreSale: false,
    confirmedAt: new Date(),
    remark: '',
    remarkTag: null,
    remarkTagName: null,
    receiverName: '',
    receiverPhone: '',
    province: '',
    city: '',
    town: '',
    address: '',
  });
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
    async postBatch() {
      return '1700000000.000002';
    },
    async uploadCsv() {},
  };
  return { source, messages, posted, pages };
}

function poller(store: Store, f: ReturnType<typeof fakes>, workerId: string) {
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
  });
  p.start();
  cleanups.push(() => p.stop());
}

describe.each(DIALECTS)('the subscription poller (%s)', (dialect) => {
  it('posts the message a dead Subscribe click left unposted, once, then polls', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const row = activeRow(Date.now());
    await insertSubscription(store.db, row);
    const f = fakes();
    poller(store, f, 'replica-a');
    poller(await database.open(), f, 'replica-b');

    await eventually(() => f.posted.includes('SN-1'), 8000, 'the order posted');
    const key = { workspaceId: row.workspace_id, subscriptionId: row.subscription_id };
    const stored = await findSubscription(store.db, key);
    expect(f.posted.slice(0, 2)).toEqual(['subscription message', 'SN-1']);
    expect(stored?.message_ts).toBe('1700000000.000001');
    // Later polls find SN-1 again (the overlap): it is not posted twice.
    await eventually(() => f.pages.length >= 3, 8000, 'three polls');
    expect(f.posted.filter((p) => p === 'SN-1')).toHaveLength(1);
    expect(f.posted.filter((p) => p === 'subscription message')).toHaveLength(1);
  });

  it('counts the next interval from the end of a slow poll, so asks are never closer', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const row = { ...activeRow(Date.now()), lease_owner: null, lease_until: null };
    row.message_ts = '1700000000.000001';
    row.interval_ms = 600;
    await insertSubscription(store.db, row);
    const f = fakes();
    const asked: number[] = [];
    let checks = 0;
    const page = f.source.page;
    // Every other poll spends 400 ms before its first ask (a slow budget read, a queue).
    f.source.checkBudget = async () => {
      if (checks++ % 2 === 0) await new Promise((r) => setTimeout(r, 400));
    };
    f.source.page = async (...args) => {
      asked.push(Date.now());
      return page(...args);
    };
    poller(store, f, 'replica-a');

    await eventually(() => asked.length >= 5, 10_000, 'five polls');
    const gaps = asked.slice(1).map((t, i) => t - asked[i]!);
    // ±10 % of 600 ms, less a little for the timer's own tick.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(530);
  });
});
