import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CallWithdrawn } from '../../src/gateway/call.js';
import { toCacheJson } from '../../src/store/shared-cache.js';
import { insertSubscription } from '../../src/subscriptions/index.js';
import { subscriptionDb } from '../../src/subscriptions/subscription-row.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { activeRow, fakes, keyOf, order, startPoller } from './poller-fakes.js';

// A replica killed at the worst instants of a poll, on real SQLite and PostgreSQL. The kill is
// the replica's store going away under it (its heartbeat and every later write fail, so its
// lease lapses as a dead process's does) with its work stuck where it was.

const HOUR_MS = 3_600_000;
const LEASE_MS = 600;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

/** A chat whose sends never come back until the test ends (a replica frozen, then dead). */
function stuckChat(f: ReturnType<typeof fakes>) {
  let free = () => {};
  const stuck = new Promise<void>((r) => {
    free = r;
  });
  const tried: string[] = [];
  f.messages.postOrder = async (_row, o) => {
    tried.push(o.orderSn);
    await stuck;
    throw new Error('the replica is dead');
  };
  return { tried, free: async () => free() };
}

describe.each(DIALECTS)('a subscription poll cut short by a kill (%s)', (dialect) => {
  it('sends the posts it stored but never sent at the next claim, not a day later', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    // Polled once an hour: only the next poll would otherwise send what this one stored.
    const row = { ...activeRow(Date.now()), interval_ms: HOUR_MS, message_ts: '1.000001' };
    await insertSubscription(store.db, row);
    const doomed = await database.open();
    const a = fakes();
    const { tried, free } = stuckChat(a);
    startPoller(doomed, a, 'replica-a', cleanups, LEASE_MS);
    cleanups.push(free);
    await eventually(() => tried.includes('SN-1'), 8000, 'the poll stored and sending');
    const stored = await subscriptionDb(store.db)
      .selectFrom('subscription_posts')
      .select(['order_sn', 'state'])
      .execute();
    expect(stored).toEqual([{ order_sn: 'SN-1', state: 'pending' }]);

    // Killed: its store is gone, its lease lapses; another replica starts.
    await doomed.close();
    const b = fakes();
    startPoller(store, b, 'replica-b', cleanups, LEASE_MS);

    await eventually(() => b.posted.includes('SN-1'), 8000, 'the stored post sent by replica b');
    const state = async () =>
      (
        await subscriptionDb(store.db)
          .selectFrom('subscription_posts')
          .select('state')
          .where('workspace_id', '=', keyOf(row).workspaceId)
          .execute()
      ).map((r) => r.state);
    // Marked sent once Slack took it (just after the post itself).
    await eventually(async () => (await state()).includes('sent'), 8000, 'the post marked sent');
    expect(b.pages).toEqual([]);
    expect(await state()).toEqual(['sent']);
    expect(b.posted).toEqual(['SN-1']);
  });

  it('sends, at start, posts stored before and left with nothing due', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const now = Date.now();
    // As a kill right after the poll's transaction leaves a row written by an older version:
    // the next poll an hour away, nothing else due, one post decided and never sent.
    const row = {
      ...activeRow(now),
      interval_ms: HOUR_MS,
      message_ts: '1.000001',
      polled_to: now - 1000,
      next_poll_at: now + HOUR_MS,
    };
    await insertSubscription(store.db, row);
    await subscriptionDb(store.db)
      .insertInto('subscription_posts')
      .values({
        workspace_id: row.workspace_id,
        subscription_id: row.subscription_id,
        order_sn: 'SN-1',
        confirmed_at: now - 500,
        order_json: toCacheJson(order('SN-1', new Date(now - 500))),
        batch_id: 'b1',
        batch_size: 1,
        state: 'pending',
        thread_ts: null,
        created_at: now - 1000,
      })
      .execute();
    const f = fakes();
    startPoller(store, f, 'replica-b', cleanups, LEASE_MS);

    await eventually(() => f.posted.includes('SN-1'), 8000, 'the stored post sent at start');
    expect(f.pages).toEqual([]);
  });

  it('keeps the pages a poll stopped between pages bought: the next holder buys only the rest', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const row = { ...activeRow(Date.now()), interval_ms: HOUR_MS, message_ts: '1.000001' };
    await insertSubscription(store.db, row);
    // 150 new orders: page 0 holds 100, page 1 the other 50.
    const all = Array.from({ length: 150 }, (_, i) => order(`SN-${1000 + i}`));
    const bought: string[] = [];
    let answerFirst = () => {};
    const firstAsked = new Promise<void>((r) => {
      answerFirst = r;
    });
    const source =
      (replica: string, gate?: Promise<void>) =>
      async (_row: unknown, _start: number, page: number, _mayStillSend?: () => boolean) => {
        bought.push(`${replica}:${page}`);
        if (gate) await gate;
        return { orders: all.slice(page * 100, page * 100 + 100), total: 150, points: 5 };
      };
    const a = fakes();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const pageA = source('a', gate);
    a.source.page = async (...args) => {
      answerFirst();
      return pageA(...args);
    };
    const poller = startPoller(await database.open(), a, 'replica-a', cleanups, LEASE_MS);
    await firstAsked;
    // Replica a shuts down while its first page is in flight; the page is bought all the same.
    const stopped = poller.stop();
    release();
    await stopped;

    const b = fakes();
    b.source.page = source('b');
    startPoller(store, b, 'replica-b', cleanups, LEASE_MS);

    await eventually(() => b.posted.includes('csv of 150'), 8000, 'the 150 orders posted');
    expect(bought).toEqual(['a:0', 'b:1']);
    expect(a.posted).toEqual([]);
    expect(b.posted).toEqual(['batch of 150', 'csv of 150']);
    const kept = await subscriptionDb(store.db)
      .selectFrom('subscription_poll_pages')
      .select('page')
      .execute();
    expect(kept).toEqual([]);
  });
});

describe.each(DIALECTS)('a poll whose lease goes while its page waits its turn (%s)', (dialect) => {
  it('withdraws the page unsent: nothing bought, nothing posted', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const row = { ...activeRow(Date.now()), message_ts: '1700000000.000001' };
    await insertSubscription(store.db, row);
    const f = fakes();
    const asked: number[] = [];
    const bought: number[] = [];
    // The page waits a second at the rate limit, then asks whether it may still go, as the
    // gateway client does, and is bought only then.
    f.source.page = async (_row, _start, page, mayStillSend) => {
      asked.push(Date.now());
      await new Promise((r) => setTimeout(r, 1_000));
      if (mayStillSend?.() === false) throw new CallWithdrawn('shopOrders', `page-${page}`);
      bought.push(page);
      return { orders: [order('SN-1')], total: 1, points: 5 };
    };
    startPoller(store, f, 'replica-a', cleanups, LEASE_MS);
    await eventually(() => asked.length >= 1, 10_000, 'a page waiting');
    // Another replica takes the subscription meanwhile.
    const taken = await sql`update subscriptions set lease_owner = 'replica-b',
      lease_until = ${Date.now() + 60_000}
      where workspace_id = ${row.workspace_id} and subscription_id = ${row.subscription_id}`.execute(
      store.db,
    );
    expect(Number(taken.numAffectedRows)).toBe(1);
    // The waiting page would have gone about a second after it was asked for.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(bought).toEqual([]);
    expect(f.posted).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});
