// Slack mrkdwn → DOM. Everything ends up as text nodes or elements built here: no HTML parsing.

/** Shortcodes the bot uses (and a few common ones); others stay as typed. */
export const EMOJI = {
  warning: '⚠️',
  test_tube: '🧪',
  red_circle: '🔴',
  large_green_circle: '🟢',
  large_yellow_circle: '🟡',
  hourglass_flowing_sand: '⏳',
  hourglass: '⌛',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  no_entry: '⛔',
  no_entry_sign: '🚫',
  ice_cube: '🧊',
  double_vertical_bar: '⏸️',
  information_source: 'ℹ️',
  bulb: '💡',
  link: '🔗',
  lock: '🔒',
  key: '🔑',
  mag: '🔍',
  bar_chart: '📊',
  chart_with_upwards_trend: '📈',
  moneybag: '💰',
  coin: '🪙',
  calendar: '📅',
  clock3: '🕒',
  receipt: '🧾',
  package: '📦',
  shopping_trolley: '🛒',
  ticket: '🎟️',
  rotating_light: '🚨',
  tada: '🎉',
  wave: '👋',
  arrow_right: '➡️',
  arrow_left: '⬅️',
  iphone: '📱',
  camera: '📷',
};

export function decodeEntities(text) {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

const INLINE = new RegExp(
  [
    '<([^<>\\n]+)>',
    '`([^`\\n]+)`',
    '(?<![\\w*])\\*(?!\\s)([^*\\n]+?)\\*(?![\\w*])',
    '(?<![\\w_])_(?!\\s)([^_\\n]+?)_(?![\\w_])',
    '(?<![\\w~])~(?!\\s)([^~\\n]+?)~(?![\\w~])',
    ':([a-z0-9_+\\-]+):',
  ].join('|'),
  'g',
);

function angle(inner) {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? undefined : decodeEntities(inner.slice(bar + 1));
  if (target.startsWith('@')) return { type: 'user', id: target.slice(1), label };
  if (target.startsWith('#')) return { type: 'channel', id: target.slice(1), label };
  if (target.startsWith('!'))
    return { type: 'special', name: label ?? target.slice(1).split('^')[0] };
  const url = decodeEntities(target);
  return { type: 'link', url, text: label ?? url };
}

/** Inline tokens of one line: text, bold/italic/strike (nested), code, link, user, channel, emoji. */
export function inlineTokens(line) {
  const tokens = [];
  let last = 0;
  for (const m of line.matchAll(INLINE)) {
    if (m.index > last)
      tokens.push({ type: 'text', text: decodeEntities(line.slice(last, m.index)) });
    last = m.index + m[0].length;
    if (m[1] !== undefined) tokens.push(angle(m[1]));
    else if (m[2] !== undefined) tokens.push({ type: 'code', text: decodeEntities(m[2]) });
    else if (m[3] !== undefined) tokens.push({ type: 'bold', children: inlineTokens(m[3]) });
    else if (m[4] !== undefined) tokens.push({ type: 'italic', children: inlineTokens(m[4]) });
    else if (m[5] !== undefined) tokens.push({ type: 'strike', children: inlineTokens(m[5]) });
    else if (m[6] !== undefined && Object.hasOwn(EMOJI, m[6]))
      tokens.push({ type: 'emoji', name: m[6], char: EMOJI[m[6]] });
    else tokens.push({ type: 'text', text: decodeEntities(m[0]) });
  }
  if (last < line.length) tokens.push({ type: 'text', text: decodeEntities(line.slice(last)) });
  return tokens;
}

const BULLET = /^\s*(?:[•◦▪-])\s+/;
const NUMBERED = /^\s*(\d+)[.)]\s+/;

/** Block structure: code blocks, quotes, bullet/numbered lists and plain lines. */
export function mrkdwnBlocks(text) {
  const blocks = [];
  const parts = text.split('```');
  parts.forEach((part, i) => {
    if (i % 2 === 1 && i < parts.length - 1) {
      blocks.push({ type: 'pre', text: decodeEntities(part.replace(/^\n/, '')) });
      return;
    }
    let chunk = i % 2 === 1 ? `\`\`\`${part}` : part;
    // The line breaks next to a code block belong to the block, not to empty lines around it.
    if (i > 0) chunk = chunk.replace(/^\n/, '');
    if (i < parts.length - 1) chunk = chunk.replace(/\n$/, '');
    if (chunk === '' && parts.length > 1) return;
    for (const line of chunk.split('\n')) {
      const list = blocks.at(-1);
      if (BULLET.test(line)) {
        const item = inlineTokens(line.replace(BULLET, ''));
        if (list?.type === 'ul') list.items.push(item);
        else blocks.push({ type: 'ul', items: [item] });
      } else if (NUMBERED.test(line)) {
        const item = inlineTokens(line.replace(NUMBERED, ''));
        if (list?.type === 'ol') list.items.push(item);
        else blocks.push({ type: 'ol', start: Number(NUMBERED.exec(line)[1]), items: [item] });
      } else if (line.startsWith('&gt; ') || line.startsWith('> ')) {
        blocks.push({ type: 'quote', children: inlineTokens(line.replace(/^(&gt;|>) /, '')) });
      } else {
        blocks.push({ type: 'line', children: inlineTokens(line) });
      }
    }
  });
  return blocks;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Only web links become anchors; anything else (javascript:, data:) stays visible text. */
export function safeUrl(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' ||
      parsed.protocol === 'https:' ||
      parsed.protocol === 'mailto:'
      ? parsed.href
      : undefined;
  } catch {
    return undefined;
  }
}

function appendInline(parent, tokens, names) {
  for (const t of tokens) {
    if (t.type === 'text') parent.append(document.createTextNode(t.text));
    else if (t.type === 'code') parent.append(el('code', 'inline-code', t.text));
    else if (t.type === 'emoji') parent.append(el('span', 'emoji', t.char));
    else if (t.type === 'user')
      parent.append(el('span', 'mention', `@${t.label ?? names.user(t.id)}`));
    else if (t.type === 'channel')
      parent.append(el('span', 'mention', `#${t.label ?? names.channel(t.id)}`));
    else if (t.type === 'special') parent.append(el('span', 'mention', `@${t.name}`));
    else if (t.type === 'link') {
      const href = safeUrl(t.url);
      if (!href) {
        parent.append(document.createTextNode(t.text));
        continue;
      }
      const a = el('a', 'link', t.text);
      a.href = href;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      parent.append(a);
    } else {
      const tag = t.type === 'bold' ? 'strong' : t.type === 'italic' ? 'em' : 's';
      const node = el(tag);
      appendInline(node, t.children, names);
      parent.append(node);
    }
  }
}

const NO_NAMES = { user: (id) => id, channel: (id) => id };

/** A mrkdwn string as DOM; `names` turns user/channel ids into display names. */
export function renderMrkdwn(text, names = NO_NAMES) {
  const root = el('div', 'mrkdwn');
  for (const b of mrkdwnBlocks(text ?? '')) {
    if (b.type === 'pre') root.append(el('pre', 'code-block', b.text));
    else if (b.type === 'ul' || b.type === 'ol') {
      const list = el(b.type);
      if (b.type === 'ol' && b.start !== 1) list.start = b.start;
      for (const item of b.items) {
        const li = el('li');
        appendInline(li, item, names);
        list.append(li);
      }
      root.append(list);
    } else {
      const line = el(
        b.type === 'quote' ? 'blockquote' : 'div',
        b.type === 'quote' ? 'quote' : 'line',
      );
      appendInline(line, b.children, names);
      if (b.children.length === 0) line.append(document.createElement('br'));
      root.append(line);
    }
  }
  return root;
}

/** plain_text objects: emoji shortcodes turned into characters, nothing else. */
export function plainText(text) {
  return (text ?? '').replace(/:([a-z0-9_+-]+):/g, (all, name) =>
    Object.hasOwn(EMOJI, name) ? EMOJI[name] : all,
  );
}
