import type { types } from '@slack/bolt';
import { LIMITS, mrkdwn, plain, truncate } from './limits.js';

/** A radio or select value that means "leave this option out"; `readModalValues` skips it. */
export const UNSET_OPTION = '__unset';

/** Each input's block_id and action_id are the command option's name, so state reads back generically. */
interface InputCommon {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
}

function input(common: InputCommon, element: types.InputBlock['element']): types.InputBlock {
  return {
    type: 'input',
    block_id: common.name,
    label: plain(common.label, LIMITS.inputLabel),
    ...(common.hint ? { hint: plain(common.hint, LIMITS.inputHint) } : {}),
    ...(common.optional ? { optional: true } : {}),
    element,
  };
}

export function textInput(
  common: InputCommon & { initial?: string; maxLength?: number; placeholder?: string },
): types.InputBlock {
  const initial = common.initial?.trim();
  return input(common, {
    type: 'plain_text_input',
    action_id: common.name,
    ...(initial ? { initial_value: truncate(initial, common.maxLength ?? 3000) } : {}),
    ...(common.maxLength ? { max_length: common.maxLength } : {}),
    ...(common.placeholder ? { placeholder: plain(common.placeholder, 150) } : {}),
  });
}

export function numberInput(
  common: InputCommon & { initial?: string; min: number; max?: number },
): types.InputBlock {
  const n = Number(common.initial?.trim());
  // Slack refuses the whole view when an initial value is outside min/max: drop it instead.
  const usable =
    common.initial !== undefined &&
    /^\d+$/.test(common.initial.trim()) &&
    n >= common.min &&
    (common.max === undefined || n <= common.max);
  return input(common, {
    type: 'number_input',
    action_id: common.name,
    is_decimal_allowed: false,
    min_value: String(common.min),
    ...(common.max === undefined ? {} : { max_value: String(common.max) }),
    ...(usable ? { initial_value: String(n) } : {}),
  });
}

export function datePicker(common: InputCommon & { initial?: string }): types.InputBlock {
  const initial = common.initial?.trim();
  return input(common, {
    type: 'datepicker',
    action_id: common.name,
    placeholder: plain('YYYY-MM-DD'),
    ...(initial && /^\d{4}-\d{2}-\d{2}$/.test(initial) ? { initial_date: initial } : {}),
  });
}

export interface Choice {
  value: string;
  text: string;
}

function option(c: Choice): types.PlainTextOption {
  return { text: plain(c.text, LIMITS.optionText), value: c.value };
}

/** Radio buttons; the initial choice is `initial` when it is one of the choices, else `fallback`. */
export function radio(
  common: InputCommon & { choices: Choice[]; initial?: string; fallback?: string },
): types.InputBlock {
  const pick =
    common.choices.find((c) => c.value === common.initial?.trim()) ??
    common.choices.find((c) => c.value === common.fallback);
  return input(common, {
    type: 'radio_buttons',
    action_id: common.name,
    options: common.choices.map(option),
    ...(pick ? { initial_option: option(pick) } : {}),
  });
}

export function staticSelect(
  common: InputCommon & { choices: Choice[]; initial?: string; placeholder: string },
): types.InputBlock {
  const pick = common.choices.find((c) => c.value === common.initial?.trim());
  return input(common, {
    type: 'static_select',
    action_id: common.name,
    placeholder: plain(common.placeholder, 150),
    options: common.choices.map(option),
    ...(pick ? { initial_option: option(pick) } : {}),
  });
}

/** Up to 100 people of the workspace; `initial` (its first 100) picked at the start. */
export function usersSelect(common: InputCommon & { initial: string[] }): types.InputBlock {
  return input(common, {
    type: 'multi_users_select',
    action_id: common.name,
    max_selected_items: 100,
    ...(common.initial.length ? { initial_users: common.initial.slice(0, 100) } : {}),
  });
}

/** The frame every lookup modal shares: title, submit ("Look up"), close ("Cancel"), metadata. */
export function lookupModal(spec: {
  callbackId: string;
  title: string;
  privateMetadata: string;
  intro: string;
  inputs: types.InputBlock[];
  submit: string;
  close: string;
}): types.ModalView {
  return {
    type: 'modal',
    callback_id: spec.callbackId,
    title: plain(spec.title, LIMITS.viewTitle),
    submit: plain(spec.submit, LIMITS.viewTitle),
    close: plain(spec.close, LIMITS.viewTitle),
    private_metadata: spec.privateMetadata,
    blocks: [{ type: 'context', elements: [mrkdwn(spec.intro, 3000)] }, ...spec.inputs],
  };
}
