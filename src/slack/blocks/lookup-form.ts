import type { types } from '@slack/bolt';
import type { MessageKey } from '../../i18n/catalog/en.js';
import type { MessageValues, Translate } from '../../i18n/translator.js';
import { plain } from './limits.js';
import {
  datePicker,
  lookupModal,
  numberInput,
  radio,
  staticSelect,
  textInput,
} from './modal-inputs.js';

/**
 * A form's text, as a catalogue key (with its values): the form is drawn in the reader's words,
 * and a text missing from the catalogues does not compile.
 */
export type Words = MessageKey | { key: MessageKey; values: MessageValues };

/** One radio button or select option: its value, and what the reader sees. */
export interface FormChoiceOption {
  value: string;
  text: Words;
}

interface FieldCommon {
  label: Words;
  hint?: Words;
  optional?: boolean;
}

/** One input of a lookup form, described as data; `lookupForm` draws it. */
export type FormField = FieldCommon &
  (
    | { kind: 'text'; maxLength: number; placeholder?: Words }
    | { kind: 'number'; min: number; max?: number }
    | { kind: 'date' }
    | { kind: 'radio'; choices: FormChoiceOption[]; fallback?: string }
    | { kind: 'select'; choices: FormChoiceOption[] }
  );

/**
 * A lookup command's form: one field per argument of the command (positionals and options), in
 * the order shown. Keyed by argument name, which is each input's block_id and action_id, so a
 * submission reads back into the command's own schema.
 */
export interface LookupForm<F extends string = string> {
  title: Words;
  intro: Words;
  /** The submit button; "Look up" when absent. */
  submit?: Words;
  fields: Record<F, FormField>;
  /** Inputs that are not arguments of the command (a `FormChoice`'s), drawn after `fields`. */
  more?: Record<string, FormField>;
}

/** The "Page" input every paged lookup shows. */
export const pageField: FormField = {
  kind: 'number',
  label: 'lookup.form.page',
  optional: true,
  min: 1,
  hint: 'lookup.form.pageHint',
};

/** A page-size input from 1 to `max`. */
export const sizeField = (label: Words, max: number): FormField => ({
  kind: 'number',
  label,
  optional: true,
  min: 1,
  max,
});

/** An optional date, read in the gateway's time zone by the command's schema. */
export const dateField = (label: Words, hint?: Words): FormField => ({
  kind: 'date',
  label,
  optional: true,
  ...(hint ? { hint } : {}),
});

/** One of the form's texts in `t`'s words. */
export function say(t: Translate, words: Words): string {
  return typeof words === 'string' ? t(words) : t(words.key, words.values);
}

function input(
  name: string,
  field: FormField,
  initial: string | undefined,
  t: Translate,
): types.InputBlock {
  const { hint, optional } = field;
  const common = {
    name,
    label: say(t, field.label),
    initial,
    ...(hint ? { hint: say(t, hint) } : {}),
    ...(optional ? { optional } : {}),
  };
  switch (field.kind) {
    case 'text': {
      const placeholder = field.placeholder && say(t, field.placeholder);
      return textInput({ ...common, maxLength: field.maxLength, placeholder });
    }
    case 'number':
      return numberInput({ ...common, min: field.min, max: field.max });
    case 'date':
      return datePicker(common);
    case 'radio':
      return radio({ ...common, choices: choices(t, field.choices), fallback: field.fallback });
    case 'select':
      return staticSelect({
        ...common,
        choices: choices(t, field.choices),
        placeholder: t('lookup.form.choose'),
      });
  }
}

function choices(t: Translate, options: FormChoiceOption[]) {
  return options.map((c) => ({ value: c.value, text: say(t, c.text) }));
}

/**
 * Every lookup command's modal, drawn from its form in the reader's words (`t`); `initial`
 * prefills inputs by argument name.
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
    title: say(t, form.title),
    privateMetadata: opts.privateMetadata,
    intro: say(t, form.intro),
    inputs: Object.entries({ ...form.fields, ...form.more }).map(([name, field]) =>
      input(name, field, initial[name], t),
    ),
    submit: t('lookup.form.submit'),
    close: t('lookup.form.cancel'),
  });
  return form.submit ? { ...view, submit: plain(say(t, form.submit)) } : view;
}
