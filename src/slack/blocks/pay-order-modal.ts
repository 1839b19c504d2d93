import type { types } from '@slack/bolt';
import { VIEW } from './ids.js';
import { lookupModal, radio, textInput, UNSET_OPTION } from './modal-inputs.js';

/** The `/payorder` option names; each is the block_id and action_id of its input. */
export type PayOrderField = 'order_number' | 'merchant_num' | 'type';

/** The `/payorder` form: order number, merchant number, and which number it is. */
export function payOrderModal(opts: {
  privateMetadata: string;
  initial?: Partial<Record<PayOrderField, string>>;
}): types.ModalView {
  const initial = opts.initial ?? {};
  return lookupModal({
    callbackId: VIEW.payOrder,
    title: 'Payment order lookup',
    privateMetadata: opts.privateMetadata,
    intro: 'Look up one payment order. This lookup is free.',
    inputs: [
      textInput({
        name: 'order_number',
        label: 'Order number',
        hint: 'The platform order number or the merchant-defined one.',
        initial: initial.order_number,
        maxLength: 64,
      }),
      textInput({
        name: 'merchant_num',
        label: 'Merchant number',
        initial: initial.merchant_num,
        maxLength: 64,
      }),
      radio({
        name: 'type',
        label: 'The order number is',
        choices: [
          { value: UNSET_OPTION, text: 'Try both (platform first)' },
          { value: 'platform', text: 'Platform order number' },
          { value: 'merchant', text: 'Merchant-defined order number' },
        ],
        initial: initial.type,
        fallback: UNSET_OPTION,
      }),
    ],
  });
}
