import type { ShopOrderPage, ShopOrdersInput } from '../../gateway/operations/shop-orders.js';
import { type Asker, clickedBy, type SlackMessage } from '../blocks/message.js';
import { TABLE_RECORDS } from '../blocks/record-table.js';
import { type ShopOrdersView, shopOrderPages, shopOrdersCard } from '../blocks/shop-orders-card.js';
import { type PageRef, pageRefValue } from '../blocks/values.js';
import { keyedStore } from '../caches/keyed-store.js';
import { PageCache } from '../caches/page-cache.js';
import { perDeps } from '../caches/per-deps.js';
import { RESULT_TTL_MS } from '../caches/shared-results.js';
import type { AppDeps } from '../deps.js';
import { cachedQuery } from './cached-query.js';
import { readerT } from './reader.js';

interface ShopQuery {
  who: Asker;
  input: ShopOrdersInput;
}

export type ShopOrdersCard = {
  kind: 'shopOrders';
  view: ShopOrdersView;
};

/** Owns the memory of /shoporders: fetched gateway pages (5 min) and queries behind buttons (30 min). */
export function createShopOrders(deps: AppDeps) {
  const pages = new PageCache<ShopOrderPage>(deps.cache, (err) =>
    deps.logger.warn({ err }, 'shop-orders page not cached'),
  );
  const queries = keyedStore<ShopQuery>(deps.cache, 'query:shoporders', RESULT_TTL_MS);
  const timeZone = deps.config.gateway.timeZone;

  const fetchPage = (q: ShopQuery, gatewayPage: number) => {
    const input = { ...q.input, page: gatewayPage };
    return cachedQuery(deps, pages, 'shopOrders', input, q.who);
  };

  async function render(qKey: string, q: ShopQuery, humanPage: number): Promise<SlackMessage> {
    const page = await fetchPage(q, humanPage - 1);
    const totalPages = shopOrderPages(page.total, q.input.pageSize);
    const filters: Record<string, string> = {};
    if (q.input.start) filters.from = q.input.start.slice(0, 10);
    if (q.input.end) filters.to = q.input.end.slice(0, 10);
    if (q.input.remark) filters.remark = q.input.remark;
    if (q.input.remarkTag) filters.tag = String(q.input.remarkTag);
    const value = (p: number) => pageRefValue({ q: qKey, p });
    const view = {
      ownerId: q.input.ownerId,
      edition: q.input.edition,
      filters,
      // The card shows 99 at most; the card kept for "Share in channel" keeps no more.
      orders: page.orders.slice(0, TABLE_RECORDS),
      onPage: page.orders.length,
      humanPage,
      totalPages,
      totalOrders: page.total,
      prevValue: humanPage > 1 ? value(humanPage - 1) : undefined,
      nextValue: humanPage < totalPages ? value(humanPage + 1) : undefined,
      filterValue: qKey,
    };
    const card: ShopOrdersCard = { kind: 'shopOrders', view };
    const shareKey = await deps.results.put({ ...q.who, card });
    return shopOrdersCard(view, { timeZone, shareKey, t: readerT(q.who) });
  }

  return {
    /** A new /shoporders: the human page N is the gateway's page N − 1. */
    async run(input: ShopOrdersInput, who: Asker): Promise<SlackMessage> {
      const q: ShopQuery = { who, input: { ...input, page: 0 } };
      const qKey = await queries.put(q);
      return render(qKey, q, input.page + 1);
    },
    /** A paging button: the same query, another page. Undefined when the query has expired. */
    async page(ref: PageRef, clicker: Asker): Promise<SlackMessage | undefined> {
      const q = await queries.get(ref.q);
      // Another workspace's button (a shared channel, a forged value) is as good as expired.
      if (!q || q.who.teamId !== clicker.teamId) return undefined;
      return render(ref.q, { ...q, who: clickedBy(q.who, clicker) }, Math.max(1, ref.p));
    },
    /** The query behind a card, for the filter modal's initial values. */
    async queryOf(qKey: string): Promise<ShopOrdersInput | undefined> {
      return (await queries.get(qKey))?.input;
    },
  };
}

export type ShopOrders = ReturnType<typeof createShopOrders>;

/** This app's /shoporders memory, shared by the command, its paging and its filter button. */
export const shopOrdersOf = perDeps(createShopOrders);
