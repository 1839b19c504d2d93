import type { AccountData, PayOrder } from '../../gateway/operations/index.js';
import { accountCard } from './account-card.js';
import { type CouponsView, couponsCard } from './coupons-card.js';
import type { SlackMessage } from './message.js';
import { payOrderCard } from './pay-order-card.js';
import { type PunishmentsView, punishmentsCard } from './punishments-card.js';
import { type ShopOrdersView, shopOrdersCard } from './shop-orders-card.js';

/** A result card as plain data, so any replica can render it again (for "Share in channel"). */
export type CardData =
  | { kind: 'payOrder'; order: PayOrder; refreshValue: string }
  | { kind: 'shopOrders'; view: ShopOrdersView }
  | { kind: 'coupons'; view: CouponsView }
  | { kind: 'punishments'; view: PunishmentsView }
  | { kind: 'account'; data: AccountData };

export type CardKind = CardData['kind'];

/** The card as shared into a channel: who shared it, and no buttons that act for the asker. */
export function sharedCard(card: CardData, sharedBy: string, timeZone: string): SlackMessage {
  const opts = { timeZone, sharedBy };
  const noPaging = { prevValue: undefined, nextValue: undefined };
  switch (card.kind) {
    case 'payOrder':
      return payOrderCard(card.order, { ...opts, refreshValue: card.refreshValue });
    case 'shopOrders':
      return shopOrdersCard({ ...card.view, ...noPaging, filterValue: undefined }, opts);
    case 'coupons':
      return couponsCard({ ...card.view, ...noPaging }, opts);
    case 'punishments':
      return punishmentsCard({ ...card.view, ...noPaging }, opts);
    case 'account':
      return accountCard(card.data, opts);
  }
}
