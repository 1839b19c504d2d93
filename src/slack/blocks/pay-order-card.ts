import type { types } from '@slack/bolt';
import type { PayOrder } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
import { button, type CardOptions, cardFooter, header, section } from './card-parts.js';
import { code, esc, escBlock, payMethodWord, payStatusWord, when, yuanLabel } from './format.js';
import { ACTION } from './ids.js';
import { LIMITS, mrkdwn } from './limits.js';
import type { SlackMessage } from './message.js';

export interface PayOrderCardOptions extends CardOptions {
  /** Value of the "Refresh" button: the caller's key to look the same order up again. */
  refreshValue: string;
  t: Translate;
}

const field = (label: string, value: string) =>
  mrkdwn(`*${label}*\n${value || '—'}`, LIMITS.fieldText);
const id = (text: string) => (text.trim() ? `\`${code(text, 200)}\`` : '—');

/** A payment order (operation 6) as a card with a Refresh button. */
export function payOrderCard(order: PayOrder, opts: PayOrderCardOptions): SlackMessage {
  const { t } = opts;
  const status = payStatusWord(order.status, t);
  const discountFen = order.orderPriceFen - order.paidFen;
  const main: types.MrkdwnElement[] = [
    field(t('lookup.payOrder.status'), status),
    field(t('lookup.payOrder.amount'), yuanLabel(order.orderPriceFen)),
    field(t('lookup.payOrder.paid'), yuanLabel(order.paidFen)),
    ...(discountFen > 0 ? [field(t('lookup.payOrder.discount'), yuanLabel(discountFen))] : []),
    field(t('lookup.payOrder.method'), payMethodWord(order.orderType, t)),
    field(
      t('lookup.payOrder.merchant'),
      `${esc(order.merchantName, 300) || '—'} (${id(order.merchantNum)})`,
    ),
    field(t('lookup.payOrder.platformNumber'), id(order.orderNumber)),
    field(t('lookup.payOrder.merchantNumber'), id(order.relationOrderNumber)),
    field(t('lookup.payOrder.created'), when(order.createdAt, opts.timeZone)),
    field(t('lookup.payOrder.paidAt'), when(order.paidAt, opts.timeZone, t('common.notPaidYet'))),
  ];
  const terminal = [order.terminalNum, order.cashierNum].map((s) => esc(s, 200) || '—');
  const more: types.MrkdwnElement[] = [
    field(t('lookup.payOrder.terminal'), terminal.join(' / ')),
    field(t('lookup.payOrder.official'), id(order.officialOrderNumber)),
    field(
      t('lookup.payOrder.callback'),
      t(order.notified ? 'pay.calledBack' : 'pay.notCalledBack'),
    ),
    ...(order.channelType.trim()
      ? [field(t('lookup.payOrder.channel'), esc(order.channelType, 300))]
      : []),
  ];
  const details = [
    [t('lookup.payOrder.attach'), order.attach],
    [t('lookup.payOrder.promotion'), order.promotionDetail],
    [t('lookup.payOrder.couponDetail'), order.payappCouponDetail],
  ] as const;
  const blocks: types.KnownBlock[] = [
    header(order.title.trim() || t('lookup.payOrder.title')),
    { type: 'section', fields: main },
    { type: 'section', fields: more },
    ...details
      .filter(([, text]) => text.trim() !== '')
      .map(([label, text]) => section(`*${label}*\n${escBlock(text, 1500)}`)),
    ...cardFooter(opts, [
      button(ACTION.refreshPayOrder, t('lookup.payOrder.refresh'), opts.refreshValue),
    ]),
  ];
  const number =
    order.orderNumber.trim() ||
    order.relationOrderNumber.trim() ||
    t('lookup.payOrder.unknownNumber');
  const merchant = order.merchantName.trim() || order.merchantNum.trim();
  const summary = [status, yuanLabel(order.orderPriceFen), merchant].filter((s) => s !== '');
  return {
    text: esc(t('lookup.payOrder.summary', { number, summary: summary.join(', ') }), 400),
    blocks,
  };
}
