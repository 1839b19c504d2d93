import type { types } from '@slack/bolt';
import { VIEW } from './ids.js';
import { lookupModal, textInput } from './modal-inputs.js';

/** The `/account` option names; each is the block_id and action_id of its input. */
export type AccountField = 'media_mark' | 'phone' | 'session';

const AT_LEAST_ONE = 'Fill in at least one of media mark, phone and session.';

/** The `/account` form: three optional identifiers, at least one needed. */
export function accountModal(opts: {
  privateMetadata: string;
  initial?: Partial<Record<AccountField, string>>;
}): types.ModalView {
  const initial = opts.initial ?? {};
  return lookupModal({
    callbackId: VIEW.account,
    title: 'Account data',
    privateMetadata: opts.privateMetadata,
    intro: `Look up an account’s data. This lookup costs points. ${AT_LEAST_ONE}`,
    inputs: [
      textInput({
        name: 'media_mark',
        label: 'Media mark',
        optional: true,
        hint: AT_LEAST_ONE,
        initial: initial.media_mark,
        maxLength: 200,
      }),
      textInput({
        name: 'phone',
        label: 'Bound phone number',
        optional: true,
        hint: AT_LEAST_ONE,
        initial: initial.phone,
        maxLength: 21,
      }),
      textInput({
        name: 'session',
        label: 'QR session id',
        optional: true,
        hint: AT_LEAST_ONE,
        initial: initial.session,
        maxLength: 200,
      }),
    ],
  });
}
