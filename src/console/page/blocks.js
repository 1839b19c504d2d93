// Block Kit layout blocks → DOM. Text goes through textContent or renderMrkdwn, never innerHTML.
import { el, renderElement, textOf } from './elements.js';
import { renderMrkdwn, safeUrl } from './mrkdwn.js';

function text(obj, ctx) {
  if (!obj) return el('span');
  if (obj.type === 'mrkdwn') return renderMrkdwn(obj.text, ctx.names);
  return el('div', 'plain', textOf(obj));
}

function imageBlock(block) {
  const figure = el('figure', 'bk-image');
  if (block.title) figure.append(el('figcaption', 'bk-image-title', textOf(block.title)));
  const img = el('img');
  const src = block.image_url ? safeUrl(block.image_url) : undefined;
  if (src) img.src = src;
  img.alt = block.alt_text ?? '';
  figure.append(img);
  return figure;
}

function section(block, ctx) {
  const node = el('div', 'bk-section');
  const body = el('div', 'bk-section-body');
  if (block.text) body.append(text(block.text, ctx));
  if (Array.isArray(block.fields) && block.fields.length) {
    const fields = el('div', 'bk-fields');
    for (const f of block.fields) {
      const field = el('div', 'bk-field');
      field.append(text(f, ctx));
      fields.append(field);
    }
    body.append(fields);
  }
  node.append(body);
  if (block.accessory) {
    const acc = el('div', 'bk-accessory');
    acc.append(renderElement(block.accessory, ctx, true).node);
    node.append(acc);
  }
  return node;
}

function context(block, ctx) {
  const node = el('div', 'bk-context');
  for (const item of block.elements ?? []) {
    if (item.type === 'image') {
      const img = el('img', 'bk-context-img');
      const src = item.image_url ? safeUrl(item.image_url) : undefined;
      if (src) img.src = src;
      img.alt = item.alt_text ?? '';
      node.append(img);
    } else node.append(text(item, ctx));
  }
  return node;
}

function actions(block, ctx) {
  const node = el('div', 'bk-actions');
  for (const element of block.elements ?? []) node.append(renderElement(element, ctx, true).node);
  return node;
}

function input(block, ctx) {
  const node = el('div', 'bk-input');
  const id = `in-${ctx.inputs?.size ?? 0}-${Math.random().toString(36).slice(2, 7)}`;
  const label = el('label', 'bk-label', textOf(block.label));
  label.htmlFor = id;
  if (block.optional) label.append(el('span', 'muted', ' (optional)'));
  const element = renderElement(block.element ?? {}, ctx, false);
  element.node.id = id;
  const error = el('div', 'field-error');
  error.hidden = true;
  node.append(label, element.node);
  if (block.hint) node.append(el('div', 'bk-hint muted', textOf(block.hint)));
  node.append(error);
  ctx.inputs?.set(ctx.blockId, {
    actionId: block.element?.action_id ?? 'input',
    optional: block.optional === true,
    value: element.value,
    error,
  });
  return node;
}

function richText(block, ctx) {
  // Rich text is shown as its plain characters, with its mentions as Slack draws them.
  const node = el('div', 'bk-rich');
  const walk = (n) => {
    if (n?.type === 'user' && typeof n.user_id === 'string')
      node.append(el('span', 'mention', `@${ctx?.names?.user(n.user_id) ?? n.user_id}`));
    else if (n?.type === 'channel' && typeof n.channel_id === 'string')
      node.append(el('span', 'mention', `#${ctx?.names?.channel(n.channel_id) ?? n.channel_id}`));
    else if (typeof n?.text === 'string') node.append(document.createTextNode(n.text));
    if (Array.isArray(n?.elements)) n.elements.forEach(walk);
  };
  walk(block);
  return node;
}

function cellText(cell) {
  // raw_text is drawn as it is, like Slack does: no mrkdwn, no entities, no mentions or links.
  if (cell?.type === 'raw_text') return typeof cell.text === 'string' ? cell.text : '';
  return richText(cell).textContent;
}

// A table block: the first row is the header; column_settings align and wrap the columns.
function table(block) {
  const wrap = el('div', 'bk-table-wrap');
  const node = el('table', 'bk-table');
  const head = el('thead');
  const body = el('tbody');
  const settings = Array.isArray(block.column_settings) ? block.column_settings : [];
  const rows = Array.isArray(block.rows) ? block.rows : [];
  rows.forEach((row, i) => {
    const tr = el('tr');
    (Array.isArray(row) ? row : []).forEach((cell, j) => {
      const td = el(i === 0 ? 'th' : 'td', undefined, cellText(cell));
      const align = settings[j]?.align;
      if (align === 'right' || align === 'center') td.style.textAlign = align;
      if (settings[j]?.is_wrapped === true) td.classList.add('wrapped');
      tr.append(td);
    });
    (i === 0 ? head : body).append(tr);
  });
  node.append(head, body);
  wrap.append(node);
  return wrap;
}

function renderBlock(block, ctx) {
  switch (block?.type) {
    case 'header':
      return el('div', 'bk-header', textOf(block.text));
    case 'section':
      return section(block, ctx);
    case 'divider':
      return el('hr', 'bk-divider');
    case 'context':
      return context(block, ctx);
    case 'actions':
      return actions(block, ctx);
    case 'image':
      return imageBlock(block);
    case 'input':
      return input(block, ctx);
    case 'rich_text':
      return richText(block, ctx);
    case 'table':
      return table(block);
    default:
      return el('div', 'muted', `[${block?.type ?? 'unknown'} block]`);
  }
}

/**
 * Blocks as DOM. `ctx.act(element, value, blockId)` is called when an element is used;
 * `ctx.inputs` (a Map) collects input blocks by block_id for a modal's submission.
 */
export function renderBlocks(blocks, ctx) {
  const root = el('div', 'blocks');
  (Array.isArray(blocks) ? blocks : []).forEach((block, i) => {
    // Slack invents a block_id when the app leaves it out; the double uses the same stand-in.
    const blockId = typeof block?.block_id === 'string' ? block.block_id : `block_${i}`;
    const blockCtx = { ...ctx, blockId, act: (element, value) => ctx.act(element, value, blockId) };
    const node = renderBlock(block, blockCtx);
    node.dataset.blockId = blockId;
    root.append(node);
  });
  return root;
}
