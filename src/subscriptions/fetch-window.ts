import { CallWithdrawn } from '../gateway/call.js';
import type { ShopOrder } from '../gateway/operations/shop-order-record.js';
import type { Db } from '../store/database.js';
import { fromCacheJson, toCacheJson } from '../store/shared-cache.js';
import type { PolledPage, SubscriptionDeps } from './ports.js';
import { POLL_PAGE_SIZE } from './schedule.js';
import {
  type SubscriptionKey,
  type SubscriptionRow,
  subscriptionDb,
  subscriptionKeyOf,
} from './subscription-row.js';
import { findSubscription } from './subscription-store.js';

/** The row was ended, or its lease lost, while the poll ran: whoever changed it says so. */
export class Superseded extends Error {}

export interface Fetched {
  orders: ShopOrder[];
  points: number;
  firstPrice: number;
  /** When the poll started that bought the first page (earlier than now when it was resumed). */
  since: number;
}

const isLast = (page: number, p: PolledPage) =>
  p.orders.length === 0 || (page + 1) * POLL_PAGE_SIZE >= p.total;

/** Pages an earlier holder bought for this window, in order from page 0 (others are dropped). */
async function keptPages(db: Db, key: SubscriptionKey, windowStart: number) {
  const rows = await subscriptionDb(db)
    .selectFrom('subscription_poll_pages')
    .selectAll()
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .orderBy('page')
    .execute();
  const usable = rows.every(
    (r, i) => Number(r.page) === i && Number(r.window_start) === windowStart,
  );
  if (usable) return rows;
  await dropPollPages(db, key);
  return [];
}

/** Forgets the pages kept for a poll: its posts are stored (or the subscription is gone). */
export async function dropPollPages(db: Db, key: SubscriptionKey): Promise<void> {
  await subscriptionDb(db)
    .deleteFrom('subscription_poll_pages')
    .where('workspace_id', '=', key.workspaceId)
    .where('subscription_id', '=', key.subscriptionId)
    .execute();
}

async function keepPage(
  db: Db,
  key: SubscriptionKey,
  at: { page: number; windowStart: number; since: number; now: number },
  p: PolledPage,
): Promise<void> {
  await subscriptionDb(db)
    .insertInto('subscription_poll_pages')
    .values({
      workspace_id: key.workspaceId,
      subscription_id: key.subscriptionId,
      page: at.page,
      window_start: at.windowStart,
      poll_started_at: at.since,
      orders_json: toCacheJson(p.orders),
      total: p.total,
      points: p.points,
      created_at: at.now,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'subscription_id', 'page']).doNothing())
    .execute();
}

function add(out: Fetched, page: number, p: PolledPage): void {
  out.points += p.points;
  if (page === 0) out.firstPrice = p.points;
  out.orders.push(...p.orders);
}

/**
 * Every page of the window, stopping between pages when the subscription ended meanwhile. Each
 * page bought with more to come is kept in the store until the poll's posts are stored, so a
 * poll cut short between pages (this replica stopping or killed, the lease in doubt) goes on, at
 * its next holder, from the page after the last one bought: no page is bought twice.
 */
export async function fetchWindow(
  deps: SubscriptionDeps,
  owner: string,
  row: SubscriptionRow,
  window: { start: number; pollStartedAt: number },
  stopping: () => boolean,
): Promise<Fetched> {
  const db = deps.store.db;
  const key = subscriptionKeyOf(row);
  const windowStart = window.start;
  const kept = await keptPages(db, key, windowStart);
  const since = kept[0] ? Number(kept[0].poll_started_at) : window.pollStartedAt;
  const out: Fetched = { orders: [], points: 0, firstPrice: 0, since };
  for (const k of kept) {
    const p = {
      orders: fromCacheJson<ShopOrder[]>(k.orders_json),
      total: k.total,
      points: k.points,
    };
    add(out, Number(k.page), p);
    if (isLast(Number(k.page), p)) return out;
  }
  for (let page = kept.length; ; page++) {
    if (page > 0) {
      if (stopping()) throw new Superseded();
      const fresh = await findSubscription(db, key);
      if (fresh?.state !== 'active' || fresh.lease_owner !== owner) throw new Superseded();
    }
    // Asked again as the paid call leaves: a lease lost while it waited its turn withdraws it.
    const p = await deps.source
      .page(row, windowStart, page, () => !stopping())
      .catch((err: unknown) => {
        throw err instanceof CallWithdrawn ? new Superseded() : err;
      });
    add(out, page, p);
    if (isLast(page, p)) return out;
    await keepPage(db, key, { page, windowStart, since, now: deps.clock().getTime() }, p);
  }
}
