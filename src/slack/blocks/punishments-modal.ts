import type { types } from '@slack/bolt';
import { VIEW } from './ids.js';
import { datePicker, lookupModal, numberInput, textInput } from './modal-inputs.js';

/** The `/punishments` option names; each is the block_id and action_id of its input. */
export type PunishmentsField =
  | 'platform_user_id'
  | 'from'
  | 'span'
  | 'relation'
  | 'trade'
  | 'site'
  | 'adzone'
  | 'page'
  | 'size';

const digits = (name: PunishmentsField, label: string, initial?: string) =>
  textInput({ name, label, optional: true, initial, maxLength: 40, placeholder: 'digits only' });

/** The `/punishments` form. */
export function punishmentsModal(opts: {
  privateMetadata: string;
  initial?: Partial<Record<PunishmentsField, string>>;
}): types.ModalView {
  const initial = opts.initial ?? {};
  return lookupModal({
    callbackId: VIEW.punishments,
    title: 'Punishment orders',
    privateMetadata: opts.privateMetadata,
    intro:
      'List affiliate punishment orders. This lookup costs points. The start date is read in the gateway’s time zone.',
    inputs: [
      textInput({
        name: 'platform_user_id',
        label: 'Platform user id',
        initial: initial.platform_user_id,
        maxLength: 40,
      }),
      datePicker({
        name: 'from',
        label: 'From',
        optional: true,
        initial: initial.from,
        hint: 'Affiliate order creation date.',
      }),
      numberInput({
        name: 'span',
        label: 'Span in days',
        optional: true,
        min: 1,
        max: 30,
        initial: initial.span,
      }),
      digits('relation', 'Relation id', initial.relation),
      digits('trade', 'Trade (sub-order) id', initial.trade),
      digits('site', 'Site id', initial.site),
      digits('adzone', 'Adzone id', initial.adzone),
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
        label: 'Rows per page',
        optional: true,
        min: 1,
        max: 100,
        initial: initial.size,
      }),
    ],
  });
}
