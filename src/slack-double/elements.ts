import { isRecord } from './api-error.js';

export interface FoundElement {
  blockId: string;
  element: Record<string, unknown>;
  /** The input block's element (view_submission state) rather than an actions/section one. */
  inInput: boolean;
}

/** Every interactive element in a list of blocks, with the block_id it lives in. */
export function elementsOf(blocks: unknown[]): FoundElement[] {
  const found: FoundElement[] = [];
  blocks.forEach((block, i) => {
    if (!isRecord(block)) return;
    // Slack generates a block_id when the app leaves it out; a stable stand-in is enough here.
    const blockId = typeof block.block_id === 'string' ? block.block_id : `block_${i}`;
    const candidates = [
      ...(Array.isArray(block.elements) && block.type === 'actions' ? block.elements : []),
      block.accessory,
    ];
    for (const el of candidates) {
      if (isRecord(el) && typeof el.action_id === 'string')
        found.push({ blockId, element: el, inInput: false });
    }
    if (block.type === 'input' && isRecord(block.element)) {
      found.push({ blockId, element: block.element, inInput: true });
    }
  });
  return found;
}

type Value = string | string[] | Record<string, unknown> | undefined;

function options(el: Record<string, unknown>): Record<string, unknown>[] {
  const direct = Array.isArray(el.options) ? el.options : [];
  const grouped = Array.isArray(el.option_groups)
    ? el.option_groups.flatMap((g) => (isRecord(g) && Array.isArray(g.options) ? g.options : []))
    : [];
  return [...direct, ...grouped].filter(isRecord);
}

function option(el: Record<string, unknown>, value: string): Record<string, unknown> {
  const found = options(el).find((o) => o.value === value);
  if (!found)
    throw new Error(`element ${String(el.action_id)} has no option with value "${value}"`);
  return found;
}

/**
 * The value part of an element's state, the way Slack reports it in block_actions and
 * view_submission payloads. `value` is what the person picked or typed: a string (option
 * value, date, user id, text), a list for multi-selects and checkboxes, or a raw object.
 */
export function elementState(el: Record<string, unknown>, value: Value): Record<string, unknown> {
  const type = String(el.type);
  if (isRecord(value)) return { type, ...value };
  const many = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const one = Array.isArray(value) ? value[0] : value;
  switch (type) {
    case 'button':
      return { type, value: one ?? el.value, text: el.text };
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
    case 'overflow':
      return { type, selected_option: one === undefined ? null : option(el, one) };
    case 'multi_static_select':
    case 'checkboxes':
      return { type, selected_options: many.map((v) => option(el, v)) };
    case 'datepicker':
      return { type, selected_date: one ?? null };
    case 'timepicker':
      return { type, selected_time: one ?? null };
    case 'users_select':
      return { type, selected_user: one ?? null };
    case 'multi_users_select':
      return { type, selected_users: many };
    case 'conversations_select':
      return { type, selected_conversation: one ?? null };
    case 'channels_select':
      return { type, selected_channel: one ?? null };
    default:
      return { type, value: one ?? null };
  }
}
