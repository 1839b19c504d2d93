import type { types } from '@slack/bolt';
import { plain } from '../blocks/limits.js';
import { lookupModal } from '../blocks/modal-inputs.js';
import type { CommandModal, CommandName } from '../commands/command.js';

/** The callback id of a command's form: `/qr` → `qd_qr_modal`. */
export function modalCallbackId(name: CommandName): string {
  return `qd_${name.slice(1)}_modal`;
}

/**
 * A command's form written in the command object: a list of inputs named after its arguments
 * (built with `blocks/modal-inputs.ts`), drawn by the shared lookup modal. A form with initial
 * values or a layout of its own gets a builder in `blocks/` instead.
 */
export function commandModal(
  name: CommandName,
  form: { title: string; intro: string; inputs: types.InputBlock[]; submit?: string },
): CommandModal {
  const callbackId = modalCallbackId(name);
  return {
    callbackId,
    build(privateMetadata) {
      const view = lookupModal({ callbackId, privateMetadata, ...form });
      return form.submit ? { ...view, submit: plain(form.submit) } : view;
    },
  };
}
