import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import { plain } from './limits.js';
import {
  type Choice,
  datePicker,
  lookupModal,
  numberInput,
  radio,
  staticSelect,
  textInput,
} from './modal-inputs.js';

interface FieldCommon {
  label: string;
  hint?: string;
  optional?: boolean;
}

/** One input of a lookup form, described as data; `lookupForm` draws it. */
export type FormField = FieldCommon &
  (
    | { kind: 'text'; maxLength: number; placeholder?: string }
    | { kind: 'number'; min: number; max?: number }
    | { kind: 'date' }
    | { kind: 'radio'; choices: Choice[]; fallback?: string }
    | { kind: 'select'; choices: Choice[] }
  );

/**
 * A lookup command's form: one field per argument of the command (positionals and options), in
 * the order shown. Keyed by argument name, which is each input's block_id and action_id, so a
 * submission reads back into the command's own schema.
 */
export interface LookupForm<F extends string = string> {
  title: string;
  intro: string;
  /** The submit button; "Look up" when absent. */
  submit?: string;
  fields: Record<F, FormField>;
  /** Inputs that are not arguments of the command (a `FormChoice`'s), drawn after `fields`. */
  more?: Record<string, FormField>;
}

/** The "Page" input every paged lookup shows. */
export const pageField = (t: Translate): FormField => ({
  kind: 'number',
  label: t('lookup.form.page'),
  optional: true,
  min: 1,
  hint: t('lookup.form.pageHint'),
});

/** A page-size input from 1 to `max`. */
export const sizeField = (label: string, max: number): FormField => ({
  kind: 'number',
  label,
  optional: true,
  min: 1,
  max,
});

/** An optional date, read in the gateway's time zone by the command's schema. */
export const dateField = (label: string, hint?: string): FormField => ({
  kind: 'date',
  label,
  optional: true,
  ...(hint ? { hint } : {}),
});

function input(
  name: string,
  field: FormField,
  initial: string | undefined,
  t: Translate,
): types.InputBlock {
  const { label, hint, optional } = field;
  const common = {
    name,
    label,
    initial,
    ...(hint ? { hint } : {}),
    ...(optional ? { optional } : {}),
  };
  switch (field.kind) {
    case 'text':
      return textInput({ ...common, maxLength: field.maxLength, placeholder: field.placeholder });
    case 'number':
      return numberInput({ ...common, min: field.min, max: field.max });
    case 'date':
      return datePicker(common);
    case 'radio':
      return radio({ ...common, choices: field.choices, fallback: field.fallback });
    case 'select':
      return staticSelect({
        ...common,
        choices: field.choices,
        placeholder: t('lookup.form.choose'),
      });
  }
}

/**
 * Every lookup command's modal, drawn from its form (already in the reader's words) with the
 * frame's own words in `t`; `initial` prefills inputs by argument name.
 */
export function lookupForm(
  form: LookupForm,
  opts: {
    callbackId: string;
    privateMetadata: string;
    initial?: Partial<Record<string, string>>;
    t: Translate;
  },
): types.ModalView {
  const { t } = opts;
  const initial = opts.initial ?? {};
  const view = lookupModal({
    callbackId: opts.callbackId,
    title: form.title,
    privateMetadata: opts.privateMetadata,
    intro: form.intro,
    inputs: Object.entries({ ...form.fields, ...form.more }).map(([name, field]) =>
      input(name, field, initial[name], t),
    ),
    submit: t('lookup.form.submit'),
    close: t('lookup.form.cancel'),
  });
  return form.submit ? { ...view, submit: plain(form.submit) } : view;
}
