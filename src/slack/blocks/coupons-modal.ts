import type { types } from '@slack/bolt';
import { VIEW } from './ids.js';
import { datePicker, lookupModal, numberInput, radio, textInput } from './modal-inputs.js';

/** The `/coupons` option names; each is the block_id and action_id of its input. */
export type CouponsField = 'sid' | 'kind' | 'from' | 'to' | 'page' | 'size';

/** The `/coupons` form. */
export function couponsModal(opts: {
  privateMetadata: string;
  initial?: Partial<Record<CouponsField, string>>;
}): types.ModalView {
  const initial = opts.initial ?? {};
  return lookupModal({
    callbackId: VIEW.coupons,
    title: 'Coupon claims',
    privateMetadata: opts.privateMetadata,
    intro:
      'List claimed coupons. This lookup costs points. A window longer than 7 days is split into several 7-day calls, each charged.',
    inputs: [
      textInput({ name: 'sid', label: 'Sid', initial: initial.sid, maxLength: 200 }),
      radio({
        name: 'kind',
        label: 'Kind',
        optional: true,
        choices: [
          { value: 'takeout', text: 'Takeout' },
          { value: 'flash', text: 'Flash purchase' },
        ],
        initial: initial.kind,
        fallback: 'takeout',
      }),
      datePicker({ name: 'from', label: 'From', optional: true, initial: initial.from }),
      datePicker({ name: 'to', label: 'To', optional: true, initial: initial.to }),
      numberInput({
        name: 'page',
        label: 'Page',
        optional: true,
        min: 1,
        initial: initial.page,
        hint: 'The first page is 1.',
      }),
      numberInput({
        name: 'size',
        label: 'Rows per gateway page',
        optional: true,
        min: 1,
        max: 1000,
        initial: initial.size,
      }),
    ],
  });
}
