import { UNSET_OPTION } from './modal-inputs.js';

/** One input's state in a view_submission (a subset of Bolt's ViewStateValue). */
export interface ModalStateValue {
  type: string;
  value?: string | null;
  selected_option?: { value: string } | null;
  selected_date?: string | null;
}

/**
 * A submission's `view.state.values` (block_id → action_id → state) flattened to
 * `{ option_name: text }`, keyed by action_id (the command's option name). Empty inputs and the
 * "leave out" choice are skipped, so the result feeds the slash command's own argument schema.
 */
export function readModalValues(
  stateValues: Record<string, Record<string, ModalStateValue>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const actions of Object.values(stateValues)) {
    for (const [actionId, state] of Object.entries(actions)) {
      const raw = state.value ?? state.selected_option?.value ?? state.selected_date ?? undefined;
      const text = raw?.trim();
      if (text && text !== UNSET_OPTION) out[actionId] = text;
    }
  }
  return out;
}
