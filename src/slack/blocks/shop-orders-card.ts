import type { types } from '@slack/bolt';
import type { ShopEdition, ShopOrder } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
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
import { code, esc, when, yuanLabel } from './format.js';
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

function orderText(o: ShopOrder, timeZone: string, t: Translate): string {
  const spec = o.goodsSpec.trim() ? ` — ${esc(o.goodsSpec, 400)}` : '';
  const place = [o.province, o.city, o.town].map((p) => esc(p, 60)).filter(Boolean);
  const address = [place.join(' '), esc(maskAddress(o.address), 400)].filter(Boolean).join(', ');
  const receiver = [
    esc(maskName(o.receiverName), 100),
    esc(maskPhoneText(o.receiverPhone), 60),
    address,
  ].filter(Boolean);
  const tagName = o.remarkTagName?.trim() ? esc(o.remarkTagName, 100) : '';
  const tag =
    o.remarkTag === null
      ? tagName
      : `${tagName || t('lookup.shopOrders.tagWord')} (${o.remarkTag})`;
  const notes = [
    o.remark.trim() ? t('lookup.shopOrders.remark', { remark: esc(o.remark, 700) }) : '',
    tag ? t('lookup.shopOrders.tag', { tag }) : '',
  ].filter(Boolean);
  const status = t('lookup.shopOrders.status', { status: esc(o.status, 40) || '—' });
  const shipBy = t('lookup.shopOrders.shipBy', { at: when(o.lastShipAt, timeZone) });
  return [
    `*${t('lookup.shopOrders.order')}* \`${code(o.orderSn, 100) || '—'}\` · ${status} · *${yuanLabel(o.payAmountFen)}*`,
    `${esc(o.goodsName, 500) || t('lookup.shopOrders.unnamedGoods')}${spec} × ${o.goodsCount}`,
    `${o.isPreSale ? `${t('lookup.shopOrders.presale')} · ` : ''}${shipBy}`,
    t('lookup.shopOrders.receiver', { receiver: receiver.join(' · ') || '—' }),
    ...(notes.length ? [notes.join(' · ')] : []),
  ].join('\n');
}

/** One Slack page of shop orders (operation 7) with paging, filter and share buttons. */
export function shopOrdersCard(
  view: ShopOrdersView,
  opts: CardOptions & { t: Translate },
): SlackMessage {
  const { t } = opts;
  const pages = { page: view.humanPage, pages: view.totalPages };
  const shown = view.orders.slice(0, SHOP_ORDERS_PER_SLACK_PAGE);
  const left = view.orders.length - shown.length;
  const filters = Object.entries(view.filters)
    .filter(([, v]) => v.trim() !== '')
    .map(([k, v]) => `${esc(k, 40)}: ${esc(v, 200)}`);
  const context = [
    t('lookup.shopOrders.page', pages),
    t('lookup.shopOrders.count', { n: view.totalOrders }),
    t('lookup.shopOrders.edition', { edition: view.edition }),
    ...filters,
    ...(left > 0 ? [t('lookup.shopOrders.notShown', { n: left })] : []),
  ].join(' · ');
  const orders: types.KnownBlock[] = shown.flatMap((o, i) => [
    ...(i > 0 ? [{ type: 'divider' } satisfies types.DividerBlock] : []),
    section(orderText(o, opts.timeZone, t)),
  ]);
  const own = [
    ...pagerButtons(ACTION.shopOrdersPage, view.prevValue, view.nextValue, t),
    ...(view.filterValue === undefined
      ? []
      : [button(ACTION.shopOrdersFilter, t('lookup.shopOrders.filter'), view.filterValue)]),
  ];
  const blocks: types.KnownBlock[] = [
    header(t('lookup.shopOrders.title', { id: view.ownerId })),
    contextLine(context),
    ...(orders.length ? orders : [section(t('lookup.shopOrders.none'))]),
    ...cardFooter(opts, own),
  ];
  const text = t('lookup.shopOrders.text', { id: view.ownerId, n: view.totalOrders, ...pages });
  return { text: esc(text, 400), blocks };
}
