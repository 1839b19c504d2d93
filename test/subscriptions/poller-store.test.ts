import { afterEach, describe, expect, it } from 'vitest';
import { findSubscription, insertSubscription } from '../../src/subscriptions/index.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { activeRow, fakes, startPoller } from './poller-fakes.js';

// The poller on real SQLite and PostgreSQL with the Slack side and the gateway faked: a
// Subscribe click that died before posting the subscription message leaves the row leased
// to it; once that lease lapses, a poller posts the message itself, once, and polls.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

describe.each(DIALECTS)('the subscription poller (%s)', (dialect) => {
  it('posts the message a dead Subscribe click left unposted, once, then polls', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    // The dead click's lease, lapsing 300 ms from now.
    const now = Date.now();
    const row = { ...activeRow(now), lease_owner: 'click:dead', lease_until: now + 300 };
    await insertSubscription(store.db, row);
    const f = fakes();
    startPoller(store, f, 'replica-a', cleanups);
    startPoller(await database.open(), f, 'replica-b', cleanups);

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
    const row = activeRow(Date.now());
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
    startPoller(store, f, 'replica-a', cleanups);

    await eventually(() => asked.length >= 5, 10_000, 'five polls');
    const gaps = asked.slice(1).map((t, i) => t - asked[i]!);
    // ±10 % of 600 ms, less a little for the timer's own tick.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(530);
  });
});
