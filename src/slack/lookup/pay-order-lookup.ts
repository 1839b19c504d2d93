import { GatewayApiError } from '../../gateway/errors.js';
import type { PayOrder, PayOrderNumberKind } from '../../gateway/operations/pay-order.js';
import { refusal } from '../blocks/error-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { payOrderCard } from '../blocks/pay-order-card.js';
import { refreshPayOrderValue } from '../blocks/values.js';
import type { AppDeps } from '../deps.js';
import { type QueryOptions, query } from './query.js';
import { readerT } from './reader.js';

export interface PayOrderArgs {
  orderNumber: string;
  merchantNum: string;
  kind?: PayOrderNumberKind;
}

/**
 * Without a type, the platform number is tried first, then the merchant-defined one. Operation 6
 * is free, so the second try costs nothing; a parameter error (100) is how "not found" arrives.
 */
export async function lookUpPayOrder(
  deps: AppDeps,
  args: PayOrderArgs,
  who: Asker,
  options: QueryOptions = {},
): Promise<{ order: PayOrder; kind: PayOrderNumberKind }> {
  const kinds: PayOrderNumberKind[] = args.kind ? [args.kind] : ['platform', 'merchant'];
  for (const kind of kinds) {
    try {
      const answer = await query(deps, 'payOrder', { ...args, kind }, who, options);
      return { order: answer.data, kind };
    } catch (err) {
      if (!(err instanceof GatewayApiError && err.reason === 'param')) throw err;
    }
  }
  throw refusal((t) => {
    const [a, b] = kinds.map((k) =>
      t(
        k === 'platform'
          ? 'lookup.payOrder.notFound.platform'
          : 'lookup.payOrder.notFound.merchant',
      ),
    );
    return {
      title: t('lookup.payOrder.notFound.title'),
      detail: t('lookup.payOrder.notFound.detail', {
        order: args.orderNumber,
        merchant: args.merchantNum,
        tried: b === undefined ? (a ?? '') : t('lookup.payOrder.notFound.or', { a: a ?? '', b }),
        typed: args.kind ? 'yes' : 'no',
      }),
    };
  });
}

export type PayOrderCard = {
  kind: 'payOrder';
  order: PayOrder;
  refreshValue: string;
};

/** The card for an order, remembered so "Share in channel" posts it without a new call. */
export async function payOrderMessage(
  deps: AppDeps,
  order: PayOrder,
  args: PayOrderArgs,
  who: Asker,
): Promise<SlackMessage> {
  const timeZone = deps.config.gateway.timeZone;
  const refreshValue = refreshPayOrderValue(args);
  const card: PayOrderCard = { kind: 'payOrder', order, refreshValue };
  const shareKey = await deps.results.put({ ...who, card });
  return payOrderCard(order, { timeZone, shareKey, refreshValue, t: readerT(who) });
}

export async function runPayOrder(
  deps: AppDeps,
  args: PayOrderArgs,
  who: Asker,
): Promise<SlackMessage> {
  const { order, kind } = await lookUpPayOrder(deps, args, who);
  return payOrderMessage(deps, order, { ...args, kind }, who);
}
