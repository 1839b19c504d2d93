import { z } from 'zod';
import { GatewayApiError } from '../../gateway/errors.js';
import {
  type PayOrder,
  PayOrderInput,
  PayOrderNumberKind,
} from '../../gateway/operations/pay-order.js';
import { UserFacingError } from '../blocks/error-card.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { UNSET_OPTION } from '../blocks/modal-inputs.js';
import { payOrderCard } from '../blocks/pay-order-card.js';
import { refreshPayOrderValue } from '../blocks/values.js';
import type { AppDeps } from '../deps.js';
import { type QueryOptions, query } from '../lookup/query.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

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
  const tried = kinds.map((k) => (k === 'platform' ? 'platform' : 'merchant-defined')).join(' or ');
  throw new UserFacingError(
    'Payment order not found',
    `No order ${args.orderNumber} as a ${tried} order number at merchant ${args.merchantNum} (the gateway answered code 100 with no data). Check both numbers${args.kind ? ', or leave out type= to try both kinds' : ''}.`,
  );
}

type PayOrderCard = {
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
  return payOrderCard(order, { timeZone, shareKey, refreshValue });
}

export async function runPayOrder(
  deps: AppDeps,
  args: PayOrderArgs,
  who: Asker,
): Promise<SlackMessage> {
  const { order, kind } = await lookUpPayOrder(deps, args, who);
  return payOrderMessage(deps, order, { ...args, kind }, who);
}

/** Operation 6's input with the number kind optional (no `type=`: both kinds are tried). Built
 * once: a zod schema made inside the parse would be compiled again for every command. */
const PayOrderArgsInput = PayOrderInput.extend({ kind: PayOrderNumberKind.optional() });

/** `/payorder`: operation 6 (free), platform number first unless `type=` says which. */
export const payorder = lookupCommand({
  name: '/payorder',
  usage: '<order_number> <merchant_num> [type=platform|merchant]',
  description: 'Payment order by platform or merchant-defined number (free)',
  help: "Payment order by platform or merchant-defined number (free). `/payorder watch <order_number> <merchant_num>` watches it in the channel until it is final; `/payorder watches` lists the channel's watches.",
  example: (x) => `${x.payOrder.paid.orderNumber} ${x.payOrder.merchantNum}`,
  primer: '420000000000001 898300000000001 type=platform',
  positionals: ['order_number', 'merchant_num'],
  options: ['type'],
  schema: () =>
    z
      .object({
        order_number: text,
        merchant_num: text,
        type: z
          .enum(['platform', 'merchant'], { error: 'type must be platform or merchant' })
          .optional(),
      })
      .transform((a, ctx) =>
        check(
          PayOrderArgsInput,
          { orderNumber: a.order_number, merchantNum: a.merchant_num, kind: a.type },
          ctx,
          { orderNumber: 'order_number', merchantNum: 'merchant_num', kind: 'type' },
        ),
      ),
  form: {
    title: 'Payment order lookup',
    intro: 'Look up one payment order. This lookup is free.',
    fields: {
      order_number: {
        kind: 'text',
        label: 'Order number',
        hint: 'The platform order number or the merchant-defined one.',
        maxLength: 64,
      },
      merchant_num: { kind: 'text', label: 'Merchant number', maxLength: 64 },
      type: {
        kind: 'radio',
        label: 'The order number is',
        choices: [
          { value: UNSET_OPTION, text: 'Try both (platform first)' },
          { value: 'platform', text: 'Platform order number' },
          { value: 'merchant', text: 'Merchant-defined order number' },
        ],
        fallback: UNSET_OPTION,
      },
    },
  },
  card: {
    kind: 'payOrder',
    shared: (c: PayOrderCard, opts) =>
      payOrderCard(c.order, { ...opts, refreshValue: c.refreshValue }),
  },
  run: (deps, args, who) => runPayOrder(deps, args, who),
});
