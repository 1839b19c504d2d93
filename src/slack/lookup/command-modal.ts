import { type LookupForm, lookupForm } from '../blocks/lookup-form.js';
import type { CommandModal, CommandName } from '../commands/command.js';

/** The callback id of a command's form: `/qr` → `qd_qr_modal`. */
export function modalCallbackId(name: CommandName): string {
  return `qd_${name.slice(1)}_modal`;
}

/**
 * A command's modal, drawn from the form written in its command object by the one form builder,
 * in the words of the person it is opened for.
 */
export function commandModal(name: CommandName, form: LookupForm): CommandModal {
  const callbackId = modalCallbackId(name);
  return {
    callbackId,
    build: (privateMetadata, t, initial) =>
      lookupForm(form, { callbackId, privateMetadata, t, ...(initial ? { initial } : {}) }),
  };
}
