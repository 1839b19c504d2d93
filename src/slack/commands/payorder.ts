import { z } from 'zod';
import { PayOrderInput, PayOrderNumberKind } from '../../gateway/operations/pay-order.js';
import { rule } from '../args/index.js';
import { UNSET_OPTION } from '../blocks/modal-inputs.js';
import { payOrderCard } from '../blocks/pay-order-card.js';
import { type PayOrderCard, runPayOrder } from '../lookup/pay-order-lookup.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

/** Operation 6's input with the number kind optional (no `type=`: both kinds are tried). Built
 * once: a zod schema made inside the parse would be compiled again for every command. */
const PayOrderArgsInput = PayOrderInput.extend({ kind: PayOrderNumberKind.optional() });

const PLATFORM_OR_MERCHANT = rule({ key: 'help.refusal.platformOrMerchant' });

/** `/payorder`: operation 6 (free), platform number first unless `type=` says which. */
export const payorder = lookupCommand({
  name: '/payorder',
  usage: '<order_number> <merchant_num> [type=platform|merchant]',
  description: 'Payment order by platform or merchant-defined number (free)',
  help: 'help.what.payorder',
  example: (x) => `${x.payOrder.paid.orderNumber} ${x.payOrder.merchantNum}`,
  positionals: ['order_number', 'merchant_num'],
  options: ['type'],
  schema: () =>
    z
      .object({
        order_number: text,
        merchant_num: text,
        type: text
          .refine((v) => v === 'platform' || v === 'merchant', PLATFORM_OR_MERCHANT)
          .pipe(z.enum(['platform', 'merchant']))
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
    title: 'lookup.form.payorder.title',
    intro: 'lookup.form.payorder.intro',
    fields: {
      order_number: {
        kind: 'text',
        label: 'lookup.form.payorder.orderNumber',
        hint: 'lookup.form.payorder.orderNumberHint',
        maxLength: 64,
      },
      merchant_num: { kind: 'text', label: 'lookup.form.payorder.merchantNum', maxLength: 64 },
      type: {
        kind: 'radio',
        label: 'lookup.form.payorder.type',
        choices: [
          { value: UNSET_OPTION, text: 'lookup.form.payorder.type.both' },
          { value: 'platform', text: 'lookup.form.payorder.type.platform' },
          { value: 'merchant', text: 'lookup.form.payorder.type.merchant' },
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
