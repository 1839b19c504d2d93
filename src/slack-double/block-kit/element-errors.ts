import { isRecord } from '../api-error.js';
import { SLACK_LIMITS as L } from './limits.js';
import type { Problems } from './problems.js';

/** Option lists capped below the general 100 (Slack's element reference). */
const OPTION_CAP: Record<string, number> = {
  overflow: L.overflowOptions,
  checkboxes: L.checkboxOptions,
  radio_buttons: L.radioOptions,
};

/**
 * An interactive element (a button, a select, an input) at `at`; `actionIds` holds those already
 * used in the same block, where Slack wants each action_id once.
 */
export function elementErrors(p: Problems, at: string, el: unknown, actionIds: Set<string>): void {
  if (!isRecord(el) || typeof el.type !== 'string') {
    p.add(at, 'missing required field: type');
    return;
  }
  p.string(`${at}/action_id`, el.action_id, L.id);
  if (typeof el.action_id === 'string') {
    if (actionIds.has(el.action_id)) p.add(`${at}/action_id`, 'duplicate action_id in block');
    actionIds.add(el.action_id);
  }
  p.text(`${at}/placeholder`, el.placeholder, L.placeholder);
  if (el.type === 'button') {
    p.text(`${at}/text`, el.text, L.buttonText, true);
    p.string(`${at}/value`, el.value, L.buttonValue);
    p.string(`${at}/url`, el.url, L.url);
    p.string(`${at}/accessibility_label`, el.accessibility_label, L.accessibilityLabel);
  }
  if (el.options !== undefined) {
    const cap = OPTION_CAP[el.type] ?? L.options;
    for (const [i, o] of p.list(`${at}/options`, el.options, cap, 1).entries()) {
      optionErrors(p, `${at}/options/${i}`, o);
    }
  }
  if (el.option_groups !== undefined) {
    const groups = p.list(`${at}/option_groups`, el.option_groups, L.optionGroups, 1);
    for (const [i, g] of groups.entries()) {
      const where = `${at}/option_groups/${i}`;
      p.text(`${where}/label`, isRecord(g) ? g.label : undefined, L.optionGroupLabel, true);
      const options = p.list(`${where}/options`, isRecord(g) ? g.options : undefined, L.options, 1);
      for (const [j, o] of options.entries()) optionErrors(p, `${where}/options/${j}`, o);
    }
  }
  if (el.confirm !== undefined) confirmErrors(p, `${at}/confirm`, el.confirm);
}

function optionErrors(p: Problems, at: string, o: unknown): void {
  if (!isRecord(o)) {
    p.add(at, 'must be an option object');
    return;
  }
  p.text(`${at}/text`, o.text, L.optionText, true);
  p.string(`${at}/value`, o.value, L.optionValue);
  p.text(`${at}/description`, o.description, L.optionDescription);
  p.string(`${at}/url`, o.url, L.url);
}

function confirmErrors(p: Problems, at: string, c: unknown): void {
  if (!isRecord(c)) {
    p.add(at, 'must be a confirmation dialog object');
    return;
  }
  p.text(`${at}/title`, c.title, L.confirmTitle, true);
  p.text(`${at}/text`, c.text, L.confirmText, true);
  p.text(`${at}/confirm`, c.confirm, L.confirmButton, true);
  p.text(`${at}/deny`, c.deny, L.confirmButton, true);
}
