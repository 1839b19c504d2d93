import type { types } from '@slack/bolt';
import type { ShopEdition, ShopOrder } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
import {
  button,
  type CardOptions,
  cardFooter,
  contextLine,
  header,
  pagerButtons,
  section,
} from './card-parts.js';
import { count, esc, when, yuan } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';
import { maskAddress, maskName, maskPhoneText } from './personal-data.js';
import { type Column, recordTable, TABLE_RECORDS } from './record-table.js';
import { tableMoreLine } from './table-more.js';

/** One page of a shop order listing: one gateway page, drawn as one table. */
export interface ShopOrdersView {
  ownerId: string;
  edition: ShopEdition;
  /** Active filters in words, e.g. { from: '2024-05-01', remark: 'gift' }. */
  filters: Record<string, string>;
  /** The orders of this page the table shows: the gateway's page, up to `TABLE_RECORDS`. */
  orders: ShopOrder[];
  /** How many orders the page has (more than `orders` when it was cut); `orders.length` if absent. */
  onPage?: number;
  /** 1-based: the gateway's page `humanPage − 1`. */
  humanPage: number;
  totalPages: number;
  totalOrders: number;
  prevValue?: string;
  nextValue?: string;
  filterValue?: string;
}

/** Ids of the paging buttons: `qd_shoporders_page_prev` and `qd_shoporders_page_next`. */
export const SHOP_ORDERS_PREV = `${ACTION.shopOrdersPage}_prev`;
export const SHOP_ORDERS_NEXT = `${ACTION.shopOrdersPage}_next`;

/** Pages of `pageSize` orders needed for `totalOrders` (at least 1). */
export function shopOrderPages(totalOrders: number, pageSize: number): number {
  if (pageSize < 1 || totalOrders <= 0) return 1;
  return Math.ceil(totalOrders / pageSize);
}

function receiverOf(o: ShopOrder): string {
  const place = [o.province, o.city, o.town].filter((p) => p.trim()).join(' ');
  const address = [place, maskAddress(o.address)].filter((p) => p.trim()).join(', ');
  return [maskName(o.receiverName), maskPhoneText(o.receiverPhone), address]
    .filter((p) => p.trim())
    .join(' · ');
}

function notesOf(o: ShopOrder, t: Translate): string {
  const tagName = o.remarkTagName?.trim() ?? '';
  const tag =
    o.remarkTag === null
      ? tagName
      : `${tagName || t('lookup.shopOrders.tagWord')} (${o.remarkTag})`;
  return [o.remark.trim(), tag].filter(Boolean).join(' · ');
}

function columns(timeZone: string, t: Translate): Column<ShopOrder>[] {
  return [
    { title: t('table.shopOrders.order'), cell: (o) => o.orderSn },
    {
      title: t('table.shopOrders.status'),
      cell: (o) =>
        [o.status.trim(), o.isPreSale ? t('lookup.shopOrders.presale') : '']
          .filter(Boolean)
          .join(' · '),
    },
    {
      title: t('table.shopOrders.goods'),
      cell: (o) =>
        [o.goodsName.trim() || t('lookup.shopOrders.unnamedGoods'), o.goodsSpec.trim()]
          .filter(Boolean)
          .join(' — '),
      wrap: true,
    },
    { title: t('table.shopOrders.count'), cell: (o) => count(o.goodsCount), align: 'right' },
    { title: t('table.shopOrders.amount'), cell: (o) => yuan(o.payAmountFen), align: 'right' },
    { title: t('table.shopOrders.shipBy'), cell: (o) => when(o.lastShipAt, timeZone) },
    { title: t('table.shopOrders.receiver'), cell: receiverOf, wrap: true },
    { title: t('table.shopOrders.notes'), cell: (o) => notesOf(o, t), wrap: true },
  ];
}

/** One page of shop orders (operation 7) as a table, with paging, filter and share buttons. */
export function shopOrdersCard(
  view: ShopOrdersView,
  opts: CardOptions & { t: Translate },
): SlackMessage {
  const { t } = opts;
  const pages = { page: view.humanPage, pages: view.totalPages };
  const shown = view.orders.slice(0, TABLE_RECORDS);
  const onPage = Math.max(view.onPage ?? 0, view.orders.length);
  const left = onPage - shown.length;
  const filters = Object.entries(view.filters)
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${esc(k, 40)}: ${esc(v, 200)}`);
  const context = [
    t('lookup.shopOrders.page', pages),
    t('lookup.shopOrders.count', { n: view.totalOrders }),
    t('lookup.shopOrders.edition', { edition: view.edition }),
    ...filters,
  ].join(' · ');
  const own = [
    ...pagerButtons(ACTION.shopOrdersPage, view.prevValue, view.nextValue, t),
    ...(view.filterValue === undefined
      ? []
      : [button(ACTION.shopOrdersFilter, t('lookup.shopOrders.filter'), view.filterValue)]),
  ];
  const orders: types.KnownBlock[] = shown.length
    ? [recordTable(columns(opts.timeZone, t), shown)]
    : [section(t('lookup.shopOrders.none'))];
  const blocks: types.KnownBlock[] = [
    header(t('lookup.shopOrders.title', { id: view.ownerId })),
    contextLine(context),
    ...orders,
    ...(left > 0 ? [contextLine(tableMoreLine(left, '/shoporders export', t))] : []),
    ...cardFooter(opts, own),
  ];
  const text = t('table.shopOrders.text', {
    id: view.ownerId,
    n: onPage,
    total: count(view.totalOrders),
    ...pages,
  });
  return { text: esc(text, 400), blocks };
}
