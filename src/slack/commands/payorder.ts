import { z } from 'zod';
import { PayOrderInput, PayOrderNumberKind } from '../../gateway/operations/pay-order.js';
import { UNSET_OPTION } from '../blocks/modal-inputs.js';
import { payOrderCard } from '../blocks/pay-order-card.js';
import { type PayOrderCard, runPayOrder } from '../lookup/pay-order-lookup.js';
import { check, text } from './arg-rules.js';
import { lookupCommand } from './command.js';

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
  form: (t) => ({
    title: t('lookup.form.payorder.title'),
    intro: t('lookup.form.payorder.intro'),
    fields: {
      order_number: {
        kind: 'text',
        label: t('lookup.form.payorder.orderNumber'),
        hint: t('lookup.form.payorder.orderNumberHint'),
        maxLength: 64,
      },
      merchant_num: { kind: 'text', label: t('lookup.form.payorder.merchantNum'), maxLength: 64 },
      type: {
        kind: 'radio',
        label: t('lookup.form.payorder.type'),
        choices: [
          { value: UNSET_OPTION, text: t('lookup.form.payorder.type.both') },
          { value: 'platform', text: t('lookup.form.payorder.type.platform') },
          { value: 'merchant', text: t('lookup.form.payorder.type.merchant') },
        ],
        fallback: UNSET_OPTION,
      },
    },
  }),
  card: {
    kind: 'payOrder',
    shared: (c: PayOrderCard, opts) =>
      payOrderCard(c.order, { ...opts, refreshValue: c.refreshValue }),
  },
  run: (deps, args, who) => runPayOrder(deps, args, who),
});
