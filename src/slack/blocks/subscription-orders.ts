import type { ShopOrder } from '../../gateway/operations/shop-order-record.js';
import type { Translate } from '../../i18n/translator.js';
import type { SubscriptionRow } from '../../subscriptions/index.js';
import { contextLine, section } from './card-parts.js';
import { code, count, esc, when, yuanLabel } from './format.js';
import { truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { subscriptionWhat } from './subscription-message.js';

/** How the orders are drawn: the zone of their times and the language they are posted in. */
export interface OrdersView {
  timeZone: string;
  t: Translate;
}

/** One order as one line: number, goods, amount, confirmation time, place. */
export function orderLine(o: ShopOrder, v: OrdersView): string {
  const { t } = v;
  const name = esc(o.goodsName, 120);
  const item = o.goodsSpec
    ? t('subscriptions.order.goodsSpec', { name, spec: esc(o.goodsSpec, 60) })
    : name;
  const place = [o.province, o.city].filter(Boolean).join(' ');
  const values = {
    sn: `\`${code(o.orderSn, 64)}\``,
    goods: `${item} × ${count(o.goodsCount)}`,
    amount: yuanLabel(o.payAmountFen),
    at: when(o.confirmedAt, v.timeZone),
  };
  return place
    ? t('subscriptions.order.linePlace', { ...values, place: esc(place, 60) })
    : t('subscriptions.order.line', values);
}

/** One new order in the channel (a poll found at most five). */
export function newOrderMessage(row: SubscriptionRow, o: ShopOrder, v: OrdersView): SlackMessage {
  const line = `:package: ${v.t('subscriptions.order.new', { line: orderLine(o, v) })}`;
  return {
    text: truncate(line.replace(/[*`]/g, ''), 3000),
    blocks: [section(line), contextLine(subscriptionWhat(row, v.t))],
  };
}

/** "N new orders": the first ones by confirmation time; the CSV of all goes in its thread. */
export function newOrdersBatchMessage(
  row: SubscriptionRow,
  first: readonly ShopOrder[],
  total: number,
  v: OrdersView,
): SlackMessage {
  const { t } = v;
  const orders = t('count.newOrders', { count: total });
  const lines = first.map((o) => `• ${orderLine(o, v)}`);
  const shown =
    total > first.length ? t('subscriptions.batch.firstShown', { n: first.length }) : '';
  const owner = row.owner_id.replace(/[<>&]/g, '');
  return {
    text: t('subscriptions.batch.text', { orders, owner }).slice(0, 3000),
    blocks: [
      section(`*:package: ${orders}*`),
      section(truncate(lines.join('\n'), 3000)),
      contextLine(
        t('subscriptions.batch.allInCsv', {
          first: shown,
          total: count(total),
          what: subscriptionWhat(row, t),
        }),
      ),
    ],
  };
}
