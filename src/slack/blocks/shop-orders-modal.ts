import type { types } from '@slack/bolt';
import { VIEW } from './ids.js';
import {
  datePicker,
  lookupModal,
  numberInput,
  radio,
  staticSelect,
  textInput,
} from './modal-inputs.js';

/** The `/shoporders` option names; each is the block_id and action_id of its input. */
export type ShopOrdersField =
  | 'owner_id'
  | 'page'
  | 'size'
  | 'edition'
  | 'from'
  | 'to'
  | 'remark'
  | 'tag';

/** The `/shoporders` form. */
export function shopOrdersModal(opts: {
  privateMetadata: string;
  initial?: Partial<Record<ShopOrdersField, string>>;
}): types.ModalView {
  const initial = opts.initial ?? {};
  return lookupModal({
    callbackId: VIEW.shopOrders,
    title: 'Shop orders',
    privateMetadata: opts.privateMetadata,
    intro:
      'List a shop’s sold orders. This lookup costs points. Dates are read in the gateway’s time zone; date, remark and tag filters need the enhanced edition.',
    inputs: [
      textInput({
        name: 'owner_id',
        label: 'Shop owner id',
        initial: initial.owner_id,
        maxLength: 200,
      }),
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
        label: 'Orders per gateway page',
        optional: true,
        min: 1,
        max: 100,
        initial: initial.size,
      }),
      radio({
        name: 'edition',
        label: 'Edition',
        optional: true,
        choices: [
          { value: 'enhanced', text: 'Enhanced' },
          { value: 'ordinary', text: 'Ordinary' },
        ],
        initial: initial.edition,
        fallback: 'enhanced',
      }),
      datePicker({ name: 'from', label: 'From', optional: true, initial: initial.from }),
      datePicker({ name: 'to', label: 'To', optional: true, initial: initial.to }),
      textInput({
        name: 'remark',
        label: 'Remark contains',
        optional: true,
        initial: initial.remark,
        maxLength: 200,
      }),
      staticSelect({
        name: 'tag',
        label: 'Remark tag',
        optional: true,
        choices: ['1', '2', '3', '4', '5'].map((v) => ({ value: v, text: `Tag ${v}` })),
        initial: initial.tag,
      }),
    ],
  });
}
