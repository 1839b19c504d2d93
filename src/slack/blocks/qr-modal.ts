import type { types } from '@slack/bolt';
import { VIEW } from './ids.js';
import { lookupModal, textInput } from './modal-inputs.js';

/** The `/qr` form: the account and, optionally, the landing page. */
export function qrModal(opts: { privateMetadata: string }): types.ModalView {
  const view = lookupModal({
    callbackId: VIEW.qr,
    title: 'QR login code',
    privateMetadata: opts.privateMetadata,
    intro:
      'Creates a QR login code for the account and posts it in this channel with a status message that updates itself. Creating the code and each status check cost points; an expired code is refunded.',
    inputs: [
      textInput({ name: 'media_mark', label: 'Account identifier (media mark)', maxLength: 200 }),
      textInput({
        name: 'landing',
        label: 'Landing page',
        hint: 'Optional; the gateway uses its default page when empty or invalid.',
        optional: true,
        maxLength: 200,
      }),
    ],
  });
  return { ...view, submit: { type: 'plain_text', text: 'Create' } };
}
