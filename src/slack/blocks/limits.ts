import type { types } from '@slack/bolt';

/** Block Kit limits (Slack documentation and `@slack/types`), in UTF-16 characters unless noted. */
export const LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  messageText: 40_000,
  updateText: 4000,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  id: 255,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  optionText: 75,
  optionValue: 75,
  options: 100,
  actionsElements: 25,
  contextElements: 10,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  inputLabel: 2000,
  inputHint: 2000,
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
  /** bytes of the view's JSON; Slack says 250 kB, read as 250 000 to stay on the safe side */
  viewBytes: 250_000,
  /** rows of a table block, its header row included */
  tableRows: 100,
  /** cells in one table row; also the most column settings */
  tableCells: 20,
  /** this app's own cap on one table cell's text (Slack states none) */
  tableCellText: 300,
} as const;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Violations of a message about to be posted (or, with `update`, sent to chat.update). */
export function checkMessage(
  msg: { text?: string; blocks?: unknown[] },
  opts: { update?: boolean } = {},
): string[] {
  const out: string[] = [];
  if (typeof msg.text !== 'string' || msg.text.trim() === '') {
    out.push('message has no plain `text` fallback');
  } else {
    const max = opts.update ? LIMITS.updateText : LIMITS.messageText;
    tooLong(out, 'message text', msg.text, max);
  }
  if (msg.blocks !== undefined) {
    checkBlocks(out, msg.blocks, LIMITS.messageBlocks, 'message');
    const tables = Array.isArray(msg.blocks)
      ? msg.blocks.filter((b) => isRec(b) && b.type === 'table').length
      : 0;
    if (tables > 1) out.push(`message has ${tables} table blocks, limit 1`);
  }
  return out;
}

/** Violations of a modal or Home tab view. */
export function checkView(view: unknown): string[] {
  const out: string[] = [];
  if (!isRec(view)) return ['view is not an object'];
  if (view.type !== 'modal' && view.type !== 'home') {
    out.push(`view type ${JSON.stringify(view.type)} is neither "modal" nor "home"`);
  }
  checkBlocks(out, view.blocks ?? [], LIMITS.viewBlocks, `${String(view.type)} view`);
  if (view.type === 'modal') {
    textObject(out, 'modal title', view.title, LIMITS.viewTitle, true);
    textObject(out, 'modal submit', view.submit, LIMITS.viewButton, false);
    textObject(out, 'modal close', view.close, LIMITS.viewButton, false);
    const hasInput =
      Array.isArray(view.blocks) && view.blocks.some((b) => isRec(b) && b.type === 'input');
    if (hasInput && view.submit === undefined)
      out.push('modal has input blocks but no submit button');
  }
  idField(out, 'view callback_id', view.callback_id);
  idField(out, 'view external_id', view.external_id);
  if (view.private_metadata !== undefined) {
    tooLong(out, 'private_metadata', String(view.private_metadata), LIMITS.privateMetadata);
  }
  const bytes = Buffer.byteLength(JSON.stringify(view));
  if (bytes > LIMITS.viewBytes) out.push(`view is ${bytes} bytes, limit ${LIMITS.viewBytes}`);
  return out;
}

function checkBlocks(out: string[], blocks: unknown, max: number, owner: string): void {
  if (!Array.isArray(blocks)) {
    out.push(`${owner} blocks is not a list`);
    return;
  }
  if (blocks.length > max) out.push(`${owner} has ${blocks.length} blocks, limit ${max}`);
  const blockIds = new Map<string, number>();
  blocks.forEach((block, i) => {
    const where = `blocks[${i}]`;
    if (!isRec(block) || typeof block.type !== 'string') {
      out.push(`${where} has no type`);
      return;
    }
    const at = `${where} (${block.type})`;
    if (typeof block.block_id === 'string') {
      idField(out, `${at} block_id`, block.block_id);
      const first = blockIds.get(block.block_id);
      if (first !== undefined) {
        out.push(`${at} block_id "${block.block_id}" is already used by blocks[${first}]`);
      } else {
        blockIds.set(block.block_id, i);
      }
    }
    checkBlock(out, block, at);
  });
}

function checkBlock(out: string[], block: Rec, at: string): void {
  const actionIds = new Set<string>();
  switch (block.type) {
    case 'section': {
      if (block.text === undefined && block.fields === undefined) {
        out.push(`${at} has neither text nor fields`);
      }
      if (block.text !== undefined)
        textObject(out, `${at} text`, block.text, LIMITS.sectionText, true);
      if (block.fields !== undefined) {
        const fields = list(out, `${at} fields`, block.fields, LIMITS.sectionFields);
        for (const [j, f] of fields.entries())
          textObject(out, `${at} fields[${j}]`, f, LIMITS.fieldText, true);
      }
      if (block.accessory !== undefined)
        element(out, `${at} accessory`, block.accessory, actionIds);
      return;
    }
    case 'header':
      textObject(out, `${at} text`, block.text, LIMITS.headerText, true);
      return;
    case 'actions': {
      const els = list(out, `${at} elements`, block.elements, LIMITS.actionsElements, 1);
      for (const [j, el] of els.entries()) element(out, `${at} elements[${j}]`, el, actionIds);
      return;
    }
    case 'context':
      list(out, `${at} elements`, block.elements, LIMITS.contextElements, 1);
      return;
    case 'input':
      textObject(out, `${at} label`, block.label, LIMITS.inputLabel, true);
      textObject(out, `${at} hint`, block.hint, LIMITS.inputHint, false);
      if (block.element === undefined) out.push(`${at} has no element`);
      else element(out, `${at} element`, block.element, actionIds);
      return;
    case 'table':
      checkTable(out, block, at);
      return;
    default:
      return;
  }
}

function checkTable(out: string[], block: Rec, at: string): void {
  const rows = list(out, `${at} rows`, block.rows, LIMITS.tableRows, 1);
  for (const [i, row] of rows.entries()) {
    const cells = list(out, `${at} rows[${i}]`, row, LIMITS.tableCells, 1);
    for (const [j, cell] of cells.entries()) {
      const where = `${at} rows[${i}][${j}]`;
      if (!isRec(cell) || cell.type !== 'raw_text' || typeof cell.text !== 'string') {
        out.push(`${where} is not a raw_text cell`);
      } else {
        if (cell.text.length === 0) out.push(`${where} is empty`);
        tooLong(out, where, cell.text, LIMITS.tableCellText);
      }
    }
  }
  if (block.column_settings !== undefined)
    list(out, `${at} column_settings`, block.column_settings, LIMITS.tableCells);
}

function element(out: string[], at: string, el: unknown, actionIds: Set<string>): void {
  if (!isRec(el)) {
    out.push(`${at} is not an object`);
    return;
  }
  if (typeof el.action_id === 'string') {
    idField(out, `${at} action_id`, el.action_id);
    if (actionIds.has(el.action_id))
      out.push(`${at} action_id "${el.action_id}" is used twice in one block`);
    actionIds.add(el.action_id);
  }
  if (el.type === 'button') {
    textObject(out, `${at} button text`, el.text, LIMITS.buttonText, true);
    optionalString(out, `${at} button value`, el.value, LIMITS.buttonValue);
    optionalString(out, `${at} button url`, el.url, LIMITS.url);
  }
  if (el.options !== undefined) {
    const options = list(out, `${at} options`, el.options, LIMITS.options);
    for (const [j, o] of options.entries()) option(out, `${at} options[${j}]`, o);
  }
  if (el.option_groups !== undefined) {
    const groups = list(out, `${at} option_groups`, el.option_groups, LIMITS.options);
    for (const [j, g] of groups.entries()) {
      const where = `${at} option_groups[${j}]`;
      const options = list(
        out,
        `${where} options`,
        isRec(g) ? g.options : undefined,
        LIMITS.options,
      );
      for (const [k, o] of options.entries()) option(out, `${where} options[${k}]`, o);
    }
  }
  if (el.confirm !== undefined) confirm(out, `${at} confirm`, el.confirm);
}

function option(out: string[], at: string, o: unknown): void {
  if (!isRec(o)) {
    out.push(`${at} is not an object`);
    return;
  }
  textObject(out, `${at} text`, o.text, LIMITS.optionText, true);
  optionalString(out, `${at} value`, o.value, LIMITS.optionValue);
}

function confirm(out: string[], at: string, c: unknown): void {
  if (!isRec(c)) {
    out.push(`${at} is not an object`);
    return;
  }
  textObject(out, `${at} title`, c.title, LIMITS.confirmTitle, true);
  textObject(out, `${at} text`, c.text, LIMITS.confirmText, true);
  textObject(out, `${at} confirm button`, c.confirm, LIMITS.confirmButton, true);
  textObject(out, `${at} deny button`, c.deny, LIMITS.confirmButton, true);
}

function textObject(out: string[], at: string, t: unknown, max: number, required: boolean): void {
  if (t === undefined) {
    if (required) out.push(`${at} is missing`);
    return;
  }
  if (!isRec(t) || typeof t.text !== 'string') {
    out.push(`${at} is not a text object`);
    return;
  }
  if (t.text.length === 0) out.push(`${at} is empty`);
  tooLong(out, at, t.text, max);
}

function list(out: string[], at: string, v: unknown, max: number, min = 0): unknown[] {
  if (!Array.isArray(v)) {
    out.push(`${at} is not a list`);
    return [];
  }
  if (v.length > max) out.push(`${at} has ${v.length} items, limit ${max}`);
  if (v.length < min) out.push(`${at} is empty`);
  return v;
}

function optionalString(out: string[], at: string, v: unknown, max: number): void {
  if (v === undefined) return;
  if (typeof v !== 'string') out.push(`${at} is not text`);
  else tooLong(out, at, v, max);
}

function idField(out: string[], at: string, v: unknown): void {
  optionalString(out, at, v, LIMITS.id);
}

function tooLong(out: string[], at: string, text: string, max: number): void {
  if (text.length > max) out.push(`${at} is ${text.length} characters, limit ${max}`);
}

/** `text` cut to at most `max` characters, ending with '…' when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let cut = text.slice(0, max - 1);
  // Never leave half of a surrogate pair (an emoji) before the ellipsis.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A plain_text object; with `max`, the text is truncated to fit. */
export function plain(text: string, max?: number): types.PlainTextElement {
  return { type: 'plain_text', text: max === undefined ? text : truncate(text, max), emoji: true };
}

/**
 * A mrkdwn object; with `max`, the text is truncated to fit. Escaping is the caller's. Always
 * verbatim: Slack then turns no bare `@here`, `#channel` or URL in gateway data or input into a
 * mention or a link; the explicit `<@U…>` and `<url|label>` this app writes itself still work.
 */
export function mrkdwn(text: string, max?: number): types.MrkdwnElement {
  return { type: 'mrkdwn', text: max === undefined ? text : truncate(text, max), verbatim: true };
}

/** Escapes the three characters Slack's mrkdwn treats as control characters. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The line that stands for items left out of a list: `… 12 more`. */
export function moreLine(
  n: number,
  t?: (key: 'common.more', values: { n: number }) => string,
): string {
  return t ? t('common.more', { n }) : `… ${n} more`;
}
