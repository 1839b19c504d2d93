import { payorder } from '../commands/payorder.js';
import { lookUpPayOrder } from '../lookup/pay-order-lookup.js';
import { payOrderOutputs } from './pay-order-outputs.js';
import { workflowStep } from './step.js';

/** `lookup_payment_order`: operation 6 with `/payorder`'s rules and look-up (platform first). */
export const lookupPaymentOrder = workflowStep({
  callbackId: 'lookup_payment_order',
  title: 'Look up a payment order',
  description:
    'Looks up a payment order by platform or merchant-defined number (free) and returns its status, amounts and payment time.',
  inputs: {
    order_number: {
      type: 'string',
      title: 'Order number',
      description: 'The platform or merchant-defined order number.',
      is_required: true,
    },
    merchant_num: {
      type: 'string',
      title: 'Merchant number',
      description: 'The merchant the order belongs to.',
      is_required: true,
    },
    number_type: {
      type: 'string',
      title: 'Number type',
      description: 'platform or merchant; empty: platform first, then merchant-defined.',
    },
    user_id: {
      type: 'slack#/types/user_id',
      title: 'On behalf of',
      description: 'The person the look-up is for ("Paid commands allowed for" applies).',
    },
  },
  outputs: {
    order_number: {
      type: 'string',
      title: 'Platform order number',
      description: 'The platform order number.',
    },
    merchant_order_number: {
      type: 'string',
      title: 'Merchant order number',
      description: 'The merchant-defined order number.',
    },
    status: {
      type: 'string',
      title: 'Status',
      description: 'unpaid, paid, refunded or cancelled.',
    },
    status_code: {
      type: 'integer',
      title: 'Status code',
      description: '0 unpaid, 1 paid, 2 refunded, 3 cancelled.',
    },
    amount_yuan: {
      type: 'string',
      title: 'Amount (yuan)',
      description: 'Order amount, two decimals.',
    },
    paid_yuan: {
      type: 'string',
      title: 'Paid (yuan)',
      description: 'Amount actually paid, two decimals.',
    },
    paid_at: {
      type: 'string',
      title: 'Paid at',
      description: 'YYYY-MM-DD HH:mm:ss in the gateway time zone; empty while unpaid.',
    },
    called_back: {
      type: 'boolean',
      title: 'Called back',
      description: "Whether the merchant's callback was made.",
    },
    pay_method: {
      type: 'string',
      title: 'Payment method',
      description: 'The payment method as the card names it.',
    },
  },
  commandNames: { number_type: 'type' },
  schema: (timeZone) => payorder.schema(timeZone),
  async run(deps, args, { who }) {
    const { order } = await lookUpPayOrder(deps, args, who, { restrictFree: true });
    return { kind: 'done', outputs: payOrderOutputs(order, deps.config.gateway.timeZone) };
  },
});
