import { type Handler, ok, ParamError, unauthorized } from '../answer.js';
import { instant, optional, required, wholeNumber } from '../params.js';
import type { SeededShopOrder } from '../seed/shop-orders.js';

export const SHOP_DEFAULT_PAGE_SIZE = 20;
const ENHANCED_ONLY = ['start_time', 'end_time', 'remark', 'remarkTag', 'remarkTagName'] as const;

type Filter = (o: SeededShopOrder) => boolean;

function enhancedFilters(fields: Record<string, string>): Filter[] {
  const filters: Filter[] = [];
  const start = optional(fields, 'start_time');
  const end = optional(fields, 'end_time');
  const remark = optional(fields, 'remark');
  const tag = optional(fields, 'remarkTag');
  const tagName = optional(fields, 'remarkTagName');
  if (start) {
    const ms = instant(start, 'start_time');
    filters.push((o) => o.confirmMs >= ms);
  }
  if (end) {
    const ms = instant(end, 'end_time');
    filters.push((o) => o.confirmMs <= ms);
  }
  if (remark) filters.push((o) => o.remark.includes(remark));
  if (tag) {
    const n = wholeNumber(tag, 'remarkTag', { min: 1, max: 5 });
    filters.push((o) => o.remarkTag === n);
  }
  if (tagName) filters.push((o) => (o.remarkTagName ?? '').includes(tagName));
  return filters;
}

/**
 * Operation 7. Pages start at 0. Every owner id that is not a seeded, authorized shop gets 302.
 * The enhanced edition names its paging page/pageSize/totalElements (numbers); the ordinary edition
 * uses page/page_size/total_elements (strings), the other naming in the document.
 */
export const shopOrders: Handler = ({ fields }, ctx) => {
  const ownerId = required(fields, 'owner_id');
  const vvtype = wholeNumber(optional(fields, 'vvtype') ?? '1', 'vvtype', { min: 1, max: 2 });
  const page = wholeNumber(optional(fields, 'page') ?? '0', 'page', { min: 0 });
  const size = wholeNumber(
    optional(fields, 'pageSize') ?? String(SHOP_DEFAULT_PAGE_SIZE),
    'pageSize',
    {
      min: 1,
      max: 100,
    },
  );
  if (vvtype === 2) {
    const extra = ENHANCED_ONLY.find((f) => optional(fields, f) !== undefined);
    if (extra) throw new ParamError(`${extra} is for the enhanced edition (vvtype=1) only`);
  }
  const filters = vvtype === 1 ? enhancedFilters(fields) : [];
  const seeded = ctx.world.shops.get(ownerId);
  if (!seeded || ctx.unauthorizedShops.has(ownerId)) return unauthorized('shop', ownerId);
  // Newest first: the shop's new orders since start-up, then its seeded history.
  const orders = [...ctx.liveShopOrders.confirmedBy(ownerId, ctx.now), ...seeded];
  const matches = orders.filter((o) => filters.every((f) => f(o)));
  const content = matches.slice(page * size, (page + 1) * size).map((o) => o.wire);
  const paging =
    vvtype === 1
      ? { page, pageSize: size, totalElements: matches.length }
      : { page: String(page), page_size: String(size), total_elements: String(matches.length) };
  return ok({ content, ...paging }, ctx.charges.shopOrders);
};
