import type { ShopOrder } from '../../gateway/operations/shop-order-record.js';
import type { SubscriptionRow } from '../../subscriptions/index.js';
import { contextLine, section } from './card-parts.js';
import { code, count, esc, when, yuanLabel } from './format.js';
import { truncate } from './limits.js';
import type { SlackMessage } from './message.js';
import { subscriptionWhat } from './subscription-message.js';

/** One order as one line: number, goods, amount, confirmation time, place. */
export function orderLine(o: ShopOrder, timeZone: string): string {
  const goods = `${esc(o.goodsName, 120)}${o.goodsSpec ? ` (${esc(o.goodsSpec, 60)})` : ''} × ${count(o.goodsCount)}`;
  const place = [o.province, o.city].filter(Boolean).join(' ');
  return `\`${code(o.orderSn, 64)}\` ${goods}, ${yuanLabel(o.payAmountFen)}, confirmed ${when(o.confirmedAt, timeZone)}${place ? `, ${esc(place, 60)}` : ''}`;
}

/** One new order in the channel (a poll found at most five). */
export function newOrderMessage(
  row: SubscriptionRow,
  o: ShopOrder,
  timeZone: string,
): SlackMessage {
  const line = `:package: New order: ${orderLine(o, timeZone)}`;
  return {
    text: truncate(line.replace(/[*`]/g, ''), 3000),
    blocks: [section(line), contextLine(subscriptionWhat(row))],
  };
}

/** "N new orders": the first ones by confirmation time; the CSV of all goes in its thread. */
export function newOrdersBatchMessage(
  row: SubscriptionRow,
  first: readonly ShopOrder[],
  total: number,
  timeZone: string,
): SlackMessage {
  const title = `:package: ${count(total)} new orders`;
  const lines = first.map((o) => `• ${orderLine(o, timeZone)}`);
  const more = total > first.length ? `The first ${first.length} by confirmation time; ` : '';
  return {
    text: `${count(total)} new orders of ${row.owner_id.replace(/[<>&]/g, '')}`.slice(0, 3000),
    blocks: [
      section(`*${title}*`),
      section(truncate(lines.join('\n'), 3000)),
      contextLine(
        `${more}all ${count(total)} are in the CSV in this thread. ${subscriptionWhat(row)}`,
      ),
    ],
  };
}
