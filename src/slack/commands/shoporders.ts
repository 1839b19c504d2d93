import { z } from 'zod';
import { type ShopOrderPage, ShopOrdersInput } from '../../gateway/operations/shop-orders.js';
import { instantToWallClock } from '../../gateway/time.js';
import { dayArg, wholeNumber } from '../args/index.js';
import { dateField, pageField, sizeField } from '../blocks/lookup-form.js';
import { type Asker, clickedBy, type SlackMessage } from '../blocks/message.js';
import {
  locateSlackPage,
  SHOP_ORDERS_PER_SLACK_PAGE,
  type ShopOrdersView,
  shopOrdersCard,
  slackPagesOf,
  totalSlackPages,
} from '../blocks/shop-orders-card.js';
import { type PageRef, pageRefValue } from '../blocks/values.js';
import { keyedStore } from '../caches/keyed-store.js';
import { PageCache, requestKey } from '../caches/page-cache.js';
import { perDeps } from '../caches/per-deps.js';
import { RESULT_TTL_MS } from '../caches/shared-results.js';
import type { AppDeps } from '../deps.js';
import { query } from '../lookup/query.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

interface ShopQuery {
  who: Asker;
  input: ShopOrdersInput;
}

const PER = SHOP_ORDERS_PER_SLACK_PAGE;

type ShopOrdersCard = {
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
    return pages.get(
      requestKey(q.who.teamId, 'shopOrders', input),
      async () => (await query(deps, 'shopOrders', input, q.who)).data,
    );
  };

  async function render(qKey: string, q: ShopQuery, humanPage: number): Promise<SlackMessage> {
    const size = q.input.pageSize;
    const spot = locateSlackPage(humanPage, size, PER);
    const page = await fetchPage(q, spot.gatewayPage);
    const totalPages = totalSlackPages(page.total, size, PER);
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
      orders: page.orders.slice(spot.start, spot.end),
      humanPage,
      totalPages,
      totalOrders: page.total,
      prevValue: humanPage > 1 ? value(humanPage - 1) : undefined,
      nextValue: humanPage < totalPages ? value(humanPage + 1) : undefined,
      filterValue: qKey,
    };
    const card: ShopOrdersCard = { kind: 'shopOrders', view };
    const shareKey = await deps.results.put({ ...q.who, card });
    return shopOrdersCard(view, { timeZone, shareKey });
  }

  return {
    /** A new /shoporders: the human page N is the gateway's page N − 1, shown from its first Slack page. */
    async run(input: ShopOrdersInput, who: Asker): Promise<SlackMessage> {
      const q: ShopQuery = { who, input: { ...input, page: 0 } };
      const qKey = await queries.put(q);
      return render(qKey, q, input.page * slackPagesOf(input.pageSize, PER) + 1);
    },
    /** A paging button: the same query, another Slack page. Undefined when the query has expired. */
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

export const shoporders = lookupCommand({
  name: '/shoporders',
  usage:
    '<owner_id> [page=N] [size=1..100] [edition=enhanced|ordinary] [from=YYYY-MM-DD] [to=YYYY-MM-DD] [remark=TEXT] [tag=1..5]',
  description: "A shop's sold orders, paged",
  help: "A shop's sold orders, paged.",
  example: (x) => x.shopOrders.ownerId,
  primer: '2200000001 page=2 size=20',
  positionals: ['owner_id'],
  options: ['page', 'size', 'edition', 'from', 'to', 'remark', 'tag'],
  schema: (timeZone) => {
    const day = dayArg(timeZone);
    const wall = (d: Date) => instantToWallClock(d, timeZone);
    return z
      .object({
        owner_id: text,
        page: wholeNumber(1).optional(),
        size: wholeNumber(0).optional(),
        edition: text.optional(),
        from: day.optional(),
        to: day.optional(),
        remark: text.optional(),
        tag: wholeNumber(0).optional(),
      })
      .transform((a, ctx) =>
        check(
          ShopOrdersInput,
          {
            ownerId: a.owner_id,
            edition: a.edition,
            // Human page 1 is the gateway's page 0.
            page: a.page === undefined ? undefined : a.page - 1,
            pageSize: a.size,
            start: a.from ? wall(a.from.start) : undefined,
            // `to` is inclusive: up to the last second of that day.
            end: a.to ? wall(new Date(a.to.end.getTime() - 1000)) : undefined,
            remark: a.remark,
            remarkTag: a.tag,
          },
          ctx,
          { ownerId: 'owner_id', pageSize: 'size', start: 'from', end: 'to', remarkTag: 'tag' },
        ),
      );
  },
  form: {
    title: 'Shop orders',
    intro:
      'List a shop’s sold orders. This lookup costs points. Dates are read in the gateway’s time zone; date, remark and tag filters need the enhanced edition.',
    fields: {
      owner_id: { kind: 'text', label: 'Shop owner id', maxLength: 200 },
      page: pageField(),
      size: sizeField('Orders per gateway page', 100),
      edition: {
        kind: 'radio',
        label: 'Edition',
        optional: true,
        choices: [
          { value: 'enhanced', text: 'Enhanced' },
          { value: 'ordinary', text: 'Ordinary' },
        ],
        fallback: 'enhanced',
      },
      from: dateField('From'),
      to: dateField('To'),
      remark: { kind: 'text', label: 'Remark contains', optional: true, maxLength: 200 },
      tag: {
        kind: 'select',
        label: 'Remark tag',
        optional: true,
        choices: ['1', '2', '3', '4', '5'].map((v) => ({ value: v, text: `Tag ${v}` })),
      },
    },
  },
  card: {
    kind: 'shopOrders',
    shared: (c: ShopOrdersCard, opts) =>
      shopOrdersCard(
        { ...c.view, prevValue: undefined, nextValue: undefined, filterValue: undefined },
        opts,
      ),
  },
  run: (deps, input, who) => shopOrdersOf(deps).run(input, who),
});
