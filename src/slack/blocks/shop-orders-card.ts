import type { types } from '@slack/bolt';
import type { ShopEdition, ShopOrder } from '../../gateway/operations/index.js';
import {
  button,
  type CardOptions,
  cardFooter,
  contextLine,
  FOOTER_BLOCKS,
  header,
  MESSAGE_BUDGET,
  pagerButtons,
  section,
} from './card-parts.js';
import { code, esc, plural, when, yuanLabel } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';
import { maskAddress, maskName, maskPhoneText } from './personal-data.js';

export { locateSlackPage, slackPagesOf, totalSlackPages } from './shop-orders-paging.js';

/** One Slack page of a shop order listing. */
export interface ShopOrdersView {
  ownerId: string;
  edition: ShopEdition;
  /** Active filters in words, e.g. { from: '2024-05-01', remark: 'gift' }. */
  filters: Record<string, string>;
  /** The orders of this Slack page only, already sliced by the caller. */
  orders: ShopOrder[];
  /** 1-based over the whole result. */
  humanPage: number;
  totalPages: number;
  totalOrders: number;
  prevValue?: string;
  nextValue?: string;
  filterValue?: string;
}

// header + context + footer + (the sandbox note's reserve, inside MESSAGE_BUDGET); each order is a
// section plus a divider before the next one.
const FIXED_BLOCKS = 2 + FOOTER_BLOCKS;
const FIT = Math.floor((MESSAGE_BUDGET - FIXED_BLOCKS + 1) / 2);

/** Orders shown per Slack page: readable, and always within 50 blocks with this layout. */
export const SHOP_ORDERS_PER_SLACK_PAGE = Math.min(10, FIT);

/** Ids of the paging buttons: `qd_shoporders_page_prev` and `qd_shoporders_page_next`. */
export const SHOP_ORDERS_PREV = `${ACTION.shopOrdersPage}_prev`;
export const SHOP_ORDERS_NEXT = `${ACTION.shopOrdersPage}_next`;

function orderText(o: ShopOrder, timeZone: string): string {
  const spec = o.goodsSpec.trim() ? ` — ${esc(o.goodsSpec, 400)}` : '';
  const place = [o.province, o.city, o.town].map((p) => esc(p, 60)).filter(Boolean);
  const address = [place.join(' '), esc(maskAddress(o.address), 400)].filter(Boolean).join(', ');
  const receiver = [
    esc(maskName(o.receiverName), 100),
    esc(maskPhoneText(o.receiverPhone), 60),
    address,
  ].filter(Boolean);
  const tagName = o.remarkTagName?.trim() ? esc(o.remarkTagName, 100) : '';
  const tag = o.remarkTag === null ? tagName : `${tagName || 'tag'} (${o.remarkTag})`;
  const notes = [
    o.remark.trim() ? `Remark: ${esc(o.remark, 700)}` : '',
    tag ? `Tag: ${tag}` : '',
  ].filter(Boolean);
  return [
    `*Order* \`${code(o.orderSn, 100) || '—'}\` · status ${esc(o.status, 40) || '—'} · *${yuanLabel(o.payAmountFen)}*`,
    `${esc(o.goodsName, 500) || 'Unnamed goods'}${spec} × ${o.goodsCount}`,
    `${o.isPreSale ? 'Presale · ' : ''}ship by ${when(o.lastShipAt, timeZone)}`,
    `Receiver: ${receiver.join(' · ') || '—'}`,
    ...(notes.length ? [notes.join(' · ')] : []),
  ].join('\n');
}

/** One Slack page of shop orders (operation 7) with paging, filter and share buttons. */
export function shopOrdersCard(view: ShopOrdersView, opts: CardOptions): SlackMessage {
  const shown = view.orders.slice(0, SHOP_ORDERS_PER_SLACK_PAGE);
  const left = view.orders.length - shown.length;
  const filters = Object.entries(view.filters)
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${esc(k, 40)}: ${esc(v, 200)}`);
  const context = [
    `Page ${view.humanPage} of ${view.totalPages}`,
    plural(view.totalOrders, 'order'),
    `${view.edition} edition`,
    ...filters,
    ...(left > 0 ? [`${left} more on this page not shown`] : []),
  ].join(' · ');
  const orders: types.KnownBlock[] = shown.flatMap((o, i) => [
    ...(i > 0 ? [{ type: 'divider' } satisfies types.DividerBlock] : []),
    section(orderText(o, opts.timeZone)),
  ]);
  const own = [
    ...pagerButtons(ACTION.shopOrdersPage, view.prevValue, view.nextValue),
    ...(view.filterValue === undefined
      ? []
      : [button(ACTION.shopOrdersFilter, 'Filter…', view.filterValue)]),
  ];
  const blocks: types.KnownBlock[] = [
    header(`Shop orders · ${view.ownerId}`),
    contextLine(context),
    ...(orders.length ? orders : [section('No orders on this page.')]),
    ...cardFooter(opts, own),
  ];
  const text = `Shop orders for ${view.ownerId}: page ${view.humanPage} of ${view.totalPages}, ${plural(view.totalOrders, 'order')}`;
  return { text: esc(text, 400), blocks };
}
