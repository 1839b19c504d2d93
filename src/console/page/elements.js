// Block Kit interactive elements. Each builder returns { node, value() } so modals can read inputs.
import { plainText, safeUrl } from './mrkdwn.js';
import { w } from './words.js';

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function textOf(obj) {
  return obj && typeof obj.text === 'string' ? plainText(obj.text) : '';
}

function optionsOf(element) {
  const direct = Array.isArray(element.options) ? element.options : [];
  const grouped = Array.isArray(element.option_groups)
    ? element.option_groups.flatMap((g) => (Array.isArray(g.options) ? g.options : []))
    : [];
  return [...direct, ...grouped];
}

function button(element, ctx) {
  const b = el(
    'button',
    `bk-button ${element.style ? `bk-${element.style}` : ''}`.trim(),
    textOf(element.text),
  );
  b.type = 'button';
  b.dataset.actionId = element.action_id ?? '';
  const href = element.url ? safeUrl(element.url) : undefined;
  if (href) b.title = href;
  b.addEventListener('click', () => {
    // A link button opens its URL and still tells the app, as in Slack.
    if (href) window.open(href, '_blank', 'noopener,noreferrer');
    ctx.act(element, element.value);
  });
  return { node: b, value: () => element.value };
}

function select(element, ctx, live) {
  const s = el('select', 'bk-select');
  s.dataset.actionId = element.action_id ?? '';
  const placeholder = el(
    'option',
    '',
    textOf(element.placeholder) || w('console.select.placeholder'),
  );
  placeholder.value = '';
  s.append(placeholder);
  for (const o of optionsOf(element)) {
    const opt = el('option', '', textOf(o.text));
    opt.value = o.value;
    s.append(opt);
  }
  const initial = element.initial_option?.value;
  s.value = initial ?? '';
  if (live) s.addEventListener('change', () => s.value && ctx.act(element, s.value));
  return { node: s, value: () => s.value || undefined };
}

function datepicker(element, ctx, live) {
  const d = el('input', 'bk-date');
  d.type = 'date';
  d.dataset.actionId = element.action_id ?? '';
  if (element.initial_date) d.value = element.initial_date;
  if (live) d.addEventListener('change', () => d.value && ctx.act(element, d.value));
  return { node: d, value: () => d.value || undefined };
}

function textInput(element) {
  const multiline = element.multiline === true;
  const t = el(multiline ? 'textarea' : 'input', 'bk-text');
  if (!multiline) t.type = 'text';
  t.dataset.actionId = element.action_id ?? '';
  t.placeholder = textOf(element.placeholder);
  if (element.initial_value) t.value = element.initial_value;
  if (element.max_length) t.maxLength = element.max_length;
  return { node: t, value: () => t.value || undefined };
}

function numberInput(element) {
  const n = el('input', 'bk-text');
  n.type = 'text';
  n.inputMode = element.is_decimal_allowed ? 'decimal' : 'numeric';
  n.dataset.actionId = element.action_id ?? '';
  n.placeholder = textOf(element.placeholder);
  if (element.initial_value) n.value = element.initial_value;
  return { node: n, value: () => n.value || undefined };
}

let radioGroup = 0;

function choices(element, ctx, live, kind) {
  const box = el('div', 'bk-choices');
  const name = `bk-${kind}-${++radioGroup}`;
  const initial = new Set(
    [element.initial_option, ...(element.initial_options ?? [])]
      .filter(Boolean)
      .map((o) => o.value),
  );
  const inputs = [];
  for (const o of optionsOf(element)) {
    const label = el('label', 'bk-choice');
    const input = el('input');
    input.type = kind;
    input.name = name;
    input.value = o.value;
    input.checked = initial.has(o.value);
    if (live)
      input.addEventListener('change', () =>
        ctx.act(element, kind === 'radio' ? o.value : picked()),
      );
    inputs.push(input);
    label.append(input, document.createTextNode(` ${textOf(o.text)}`));
    if (o.description) label.append(el('span', 'muted bk-choice-desc', textOf(o.description)));
    box.append(label);
  }
  const picked = () => inputs.filter((i) => i.checked).map((i) => i.value);
  return {
    node: box,
    value: () => (kind === 'radio' ? picked()[0] : picked().length ? picked() : undefined),
  };
}

// A users multi-select offers the workspace's people as checkboxes: the console knows only its
// own people, so a list is quicker than a search box.
function peoplePicker(element, ctx) {
  const box = el('div', 'bk-choices');
  box.dataset.actionId = element.action_id ?? '';
  const initial = new Set(Array.isArray(element.initial_users) ? element.initial_users : []);
  const known = ctx.names?.people?.() ?? [];
  const ids = [
    ...known.map((p) => p.id),
    ...[...initial].filter((id) => !known.some((p) => p.id === id)),
  ];
  const inputs = ids.map((id) => {
    const label = el('label', 'bk-choice');
    const input = el('input');
    input.type = 'checkbox';
    input.value = id;
    input.checked = initial.has(id);
    label.append(input, document.createTextNode(` ${ctx.names?.user(id) ?? id}`));
    box.append(label);
    return input;
  });
  const picked = () => inputs.filter((i) => i.checked).map((i) => i.value);
  return { node: box, value: () => (picked().length ? picked() : undefined) };
}

function image(element) {
  const img = el('img', 'bk-image-el');
  const src = element.image_url ? safeUrl(element.image_url) : undefined;
  if (src) img.src = src;
  img.alt = element.alt_text ?? '';
  return { node: img, value: () => undefined };
}

/** One element; `live` elements (in actions/sections) send block_actions as soon as they change. */
export function renderElement(element, ctx, live) {
  switch (element?.type) {
    case 'button':
      return button(element, ctx);
    case 'static_select':
    case 'external_select':
    case 'overflow':
      return select(element, ctx, live);
    case 'multi_static_select':
    case 'checkboxes':
      return choices(element, ctx, live, 'checkbox');
    case 'radio_buttons':
      return choices(element, ctx, live, 'radio');
    case 'datepicker':
      return datepicker(element, ctx, live);
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'users_select':
    case 'conversations_select':
    case 'channels_select':
      return textInput(element);
    case 'number_input':
      return numberInput(element);
    case 'multi_users_select':
      return peoplePicker(element, ctx);
    case 'image':
      return image(element);
    default:
      return {
        node: el('span', 'muted', `[${element?.type ?? 'unknown'} element]`),
        value: () => undefined,
      };
  }
}
