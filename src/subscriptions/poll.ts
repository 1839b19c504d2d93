import { randomUUID } from 'node:crypto';
import type { ShopOrder } from '../gateway/operations/shop-order-record.js';
import { writeTransaction } from '../ledger/write-transaction.js';
import { toCacheJson } from '../store/shared-cache.js';
import { dropPollPages, type Fetched, fetchWindow, Superseded } from './fetch-window.js';
import { PollPaused, type SubscriptionDeps } from './ports.js';
import { postedAmong, prunePosts } from './post-store.js';
import {
  backoffPollAt,
  FAILURES_TOLD,
  nextPollAt,
  OVERLAP_MS,
  pollWindowStart,
} from './schedule.js';
import {
  type SubscriptionKey,
  type SubscriptionRow,
  subscriptionDb,
  subscriptionKeyOf,
} from './subscription-row.js';
import { updateLeasedSubscription } from './subscription-store.js';

/** Orders confirmed since the click that this subscription has not decided to post, oldest first. */
async function newOrders(
  deps: SubscriptionDeps,
  key: SubscriptionKey,
  startedAt: number,
  orders: ShopOrder[],
): Promise<ShopOrder[]> {
  const bySn = new Map<string, ShopOrder>();
  // The gateway may give confirmation times to the second: "before the click" is read at that
  // resolution, or an order confirmed just after the click, in its second, would be lost.
  const from = Math.floor(startedAt / 1000) * 1000;
  for (const o of orders) {
    const at = o.confirmedAt?.getTime();
    if (at !== undefined && at >= from && o.orderSn) bySn.set(o.orderSn, o);
  }
  const seen = await postedAmong(deps.store.db, key, [...bySn.keys()]);
  return [...bySn.values()]
    .filter((o) => !seen.has(o.orderSn))
    .sort(
      (a, b) =>
        a.confirmedAt!.getTime() - b.confirmedAt!.getTime() || a.orderSn.localeCompare(b.orderSn),
    );
}

/**
 * One poll of a leased, due subscription: the budget first, then every page of the orders
 * confirmed since the previous poll (less the overlap), going on from pages a poll cut short
 * bought; the new ones, the high-water mark and the
 * next poll are written in one transaction, before anything is posted. Returns whether the
 * subscription message needs an edit (paused, resumed, a problem told or cleared, a new price).
 */
export async function pollSubscription(
  deps: SubscriptionDeps,
  owner: string,
  row: SubscriptionRow,
  stopping: () => boolean,
): Promise<boolean> {
  const key = subscriptionKeyOf(row);
  const db = deps.store.db;
  const now = deps.clock().getTime();
  const startedAt = row.started_at ?? row.created_at;
  deps.metrics.lateness(Math.max(0, now - (row.next_poll_at ?? now)) / 1000);
  let fetched: Fetched;
  try {
    await deps.source.checkBudget(
      row,
      async () => row.price ?? (await deps.lastPrice(row.workspace_id)),
    );
    const window = { start: pollWindowStart(startedAt, row.polled_to), pollStartedAt: now };
    fetched = await fetchWindow(deps, owner, row, window, stopping);
  } catch (err) {
    if (err instanceof Superseded) return false;
    if (err instanceof PollPaused) {
      deps.metrics.polled('budget');
      await updateLeasedSubscription(db, key, owner, {
        paused: 'budget',
        paused_until: err.resumesAt,
        next_poll_at: err.resumesAt,
        updated_at: now,
      });
      return row.paused !== 'budget';
    }
    deps.metrics.polled('failed');
    const failures = row.failures + 1;
    const tell = failures >= FAILURES_TOLD && row.problem === null;
    const problem = tell ? await deps.source.describe(err, row) : undefined;
    deps.logger.warn(
      { err, subscriptionId: key.subscriptionId, failures },
      'subscription poll failed',
    );
    await updateLeasedSubscription(db, key, owner, {
      failures,
      next_poll_at: backoffPollAt(deps.clock().getTime(), row.interval_ms, failures, deps.random()),
      ...(problem ? { problem: problem.words, problem_url: problem.url ?? null } : {}),
      updated_at: now,
    });
    return tell;
  }
  deps.metrics.polled('ok');
  const fresh = await newOrders(deps, key, startedAt, fetched.orders);
  const batchId = randomUUID();
  const stored = await writeTransaction(db, deps.store.dialect, async (tx) => {
    for (let i = 0; i < fresh.length; i += 200) {
      await subscriptionDb(tx)
        .insertInto('subscription_posts')
        .values(
          fresh.slice(i, i + 200).map((o) => ({
            workspace_id: key.workspaceId,
            subscription_id: key.subscriptionId,
            order_sn: o.orderSn,
            confirmed_at: o.confirmedAt!.getTime(),
            order_json: toCacheJson(o),
            batch_id: batchId,
            batch_size: fresh.length,
            state: 'pending' as const,
            thread_ts: null,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['workspace_id', 'subscription_id', 'order_sn']).doNothing())
        .execute();
    }
    await dropPollPages(tx, key);
    const updated = await updateLeasedSubscription(tx, key, owner, {
      // The start of the poll that bought the first page: a poll resumed by another holder
      // leaves the next window reaching back to what its first page could not have seen.
      polled_to: fetched.since,
      // From the poll's end, not its start: a poll whose first ask waited (budget read, queue)
      // would otherwise be followed by the next one less than an interval later.
      next_poll_at: nextPollAt(deps.clock().getTime(), row.interval_ms, deps.random()),
      paused: null,
      paused_until: null,
      failures: 0,
      problem: null,
      problem_url: null,
      price: fetched.firstPrice,
      polls: row.polls + 1,
      points: row.points + fetched.points,
      orders_posted: row.orders_posted + fresh.length,
      // Posts decided: due to be sent at once, by whichever replica holds the row if this one
      // dies before sending them (a kill here would otherwise leave them to the next poll).
      ...(fresh.length > 0 ? { send_retry_at: now } : {}),
      updated_at: now,
    });
    // Ended or taken over meanwhile: nothing of this poll is kept, so nothing is posted.
    if (!updated) throw new Superseded();
    return true;
  }).catch((err: unknown) => {
    if (err instanceof Superseded) return false;
    throw err;
  });
  if (!stored) return false;
  await prunePosts(db, key, pollWindowStart(startedAt, fetched.since) - OVERLAP_MS);
  return row.paused !== null || row.problem !== null || row.price !== fetched.firstPrice;
}
