import type { types } from '@slack/bolt';
import type { PayOrder } from '../../gateway/operations/index.js';
import { button, type CardOptions, cardFooter, header, section } from './card-parts.js';
import { code, esc, escBlock, payMethodWord, payStatusWord, when, yuanLabel } from './format.js';
import { ACTION } from './ids.js';
import { LIMITS, mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export interface PayOrderCardOptions extends CardOptions {
  /** Value of the "Refresh" button: the caller's key to look the same order up again. */
  refreshValue: string;
}

const field = (label: string, value: string) =>
  mrkdwn(`*${label}*\n${value || '—'}`, LIMITS.fieldText);
const id = (text: string) => (text.trim() ? `\`${code(text, 200)}\`` : '—');

/** A payment order (operation 6) as a card with a Refresh button. */
export function payOrderCard(order: PayOrder, opts: PayOrderCardOptions): SlackMessage {
  const status = payStatusWord(order.status);
  const discountFen = order.orderPriceFen - order.paidFen;
  const main: types.MrkdwnElement[] = [
    field('Status', status),
    field('Amount', yuanLabel(order.orderPriceFen)),
    field('Paid', yuanLabel(order.paidFen)),
    ...(discountFen > 0 ? [field('Discount', yuanLabel(discountFen))] : []),
    field('Payment method', payMethodWord(order.orderType)),
    field('Merchant', `${esc(order.merchantName, 300) || '—'} (${id(order.merchantNum)})`),
    field('Platform order number', id(order.orderNumber)),
    field('Merchant order number', id(order.relationOrderNumber)),
    field('Created', when(order.createdAt, opts.timeZone)),
    field('Paid at', when(order.paidAt, opts.timeZone, 'not paid yet')),
  ];
  const terminal = [order.terminalNum, order.cashierNum].map((t) => esc(t, 200) || '—');
  const more: types.MrkdwnElement[] = [
    field('Terminal / cashier', terminal.join(' / ')),
    field('Official transaction number', id(order.officialOrderNumber)),
    field('Callback', order.notified ? 'called back' : 'not called back'),
    ...(order.channelType.trim() ? [field('Channel', esc(order.channelType, 300))] : []),
  ];
  const details = [
    ['Attach', order.attach],
    ['Promotion detail', order.promotionDetail],
    ['Payment-app coupon detail', order.payappCouponDetail],
  ] as const;
  const blocks: types.KnownBlock[] = [
    header(order.title.trim() || 'Payment order'),
    { type: 'section', fields: main },
    { type: 'section', fields: more },
    ...details
      .filter(([, text]) => text.trim() !== '')
      .map(([label, text]) => section(`*${label}*\n${escBlock(text, 1500)}`)),
    ...cardFooter(opts, [button(ACTION.refreshPayOrder, 'Refresh', opts.refreshValue)]),
  ];
  const number = order.orderNumber.trim() || order.relationOrderNumber.trim() || 'unknown';
  const merchant = order.merchantName.trim() || order.merchantNum.trim();
  const summary = [status, yuanLabel(order.orderPriceFen), merchant].filter((s) => s !== '');
  return {
    text: esc(`Payment order ${number}: ${summary.join(', ')}`, 400),
    blocks,
  };
}
