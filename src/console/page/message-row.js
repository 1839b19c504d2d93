// A message as the page draws it: author, blocks or text, files, the sandbox's simulation
// controls, and its ⋯ menu.
import { renderBlocks } from './blocks.js';
import { el } from './elements.js';
import { messageMenu } from './message-menu.js';
import { renderMrkdwn } from './mrkdwn.js';
import { w } from './words.js';

function time(ts) {
  const d = new Date(Number(ts) * 1000);
  return d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function qrControls(message, { api }) {
  const box = el('div', 'qr-controls');
  box.dataset.session = message.qr.session;
  box.append(el('span', 'muted', w('console.qr.label')));
  for (const [what, label] of [
    ['scan', 'console.qr.scan'],
    ['expire', 'console.qr.expire'],
  ]) {
    const b = el('button', 'bk-button console-button', w(label));
    b.type = 'button';
    b.addEventListener('click', async () => {
      b.disabled = true;
      await api(`/console/qr/${encodeURIComponent(message.qr.session)}/${what}`);
    });
    box.append(b);
  }
  return box;
}

/** What a live sandbox order can do next, as the sandbox allows it. */
function orderMoves(order) {
  if (order.status === 0)
    return [
      ['pay', 'console.order.pay'],
      ['cancel', 'console.order.cancel'],
    ];
  if (order.status === 1 && !order.notified)
    return [
      ['callback', 'console.order.callback'],
      ['refund', 'console.order.refund'],
    ];
  if (order.status === 1) return [['refund', 'console.order.refund']];
  return [];
}

function orderControls(message, { api }) {
  const box = el('div', 'qr-controls order-controls');
  box.dataset.order = message.order.orderNumber;
  box.append(el('span', 'muted', w('console.order.label')));
  for (const [what, label] of orderMoves(message.order)) {
    const b = el('button', 'bk-button console-button', w(label));
    b.type = 'button';
    b.addEventListener('click', async () => {
      for (const other of box.querySelectorAll('button')) other.disabled = true;
      await api(`/console/order/${encodeURIComponent(message.order.orderNumber)}/${what}`);
    });
    box.append(b);
  }
  return box;
}

/**
 * Scan/expiry controls sit on the channel message naming a session (its live status message),
 * or on the ephemeral one while nothing else names it, and only until the session is final.
 */
function offersQrControls(m, messages) {
  let final = m.qr.status !== '1';
  let inChannel = false;
  for (const other of messages) {
    if (other.qr?.session !== m.qr.session) continue;
    if (other.qr.status !== '1') final = true;
    if (!other.ephemeral) inChannel = true;
  }
  return !final && (!m.ephemeral || !inChannel);
}

/**
 * One message row. `ctx`: `api(path, body)`, `names`, `messages()` (every message the page
 * has), `shortcuts()` (the app's message shortcuts) and `startReply(m)`.
 */
export function renderMessage(m, ctx) {
  const { api, names } = ctx;
  const row = el(
    'article',
    `message${m.ephemeral ? ' ephemeral' : ''}${m.threadTs ? ' reply' : ''}`,
  );
  row.dataset.ts = m.ts;
  row.dataset.channel = m.channel;
  if (m.threadTs) row.dataset.threadTs = m.threadTs;
  const avatar = el('div', `avatar${m.isBot ? ' bot' : ''}`, (m.author[0] ?? '?').toUpperCase());
  const main = el('div', 'message-main');
  const meta = el('div', 'meta');
  meta.append(el('span', 'author', m.author));
  if (m.isBot) meta.append(el('span', 'app-badge', w('console.message.app')));
  const when = el('time', 'time muted', time(m.ts));
  when.dateTime = new Date(Number(m.ts) * 1000).toISOString();
  meta.append(when);
  if (m.edited) meta.append(el('span', 'edited muted', w('console.message.edited')));
  main.append(meta);
  if (m.ephemeral) main.append(el('div', 'only-you', `👁 ${w('console.message.onlyYou')}`));
  const act = (element, value, blockId) =>
    api('/console/action', {
      channel: m.channel,
      messageTs: m.ts,
      actionId: element.action_id,
      blockId,
      value,
    });
  if (Array.isArray(m.blocks) && m.blocks.length)
    main.append(renderBlocks(m.blocks, { names, act }));
  else if (m.text) main.append(renderMrkdwn(m.text, names));
  for (const f of m.files) {
    const file = el('div', 'file');
    file.dataset.fileId = f.id;
    if (f.isImage) {
      const img = el('img', 'file-image');
      img.src = f.url;
      img.alt = f.title;
      file.append(img);
    }
    const link = el('a', 'file-name', f.title || f.name);
    link.href = f.url;
    link.target = '_blank';
    link.rel = 'noopener';
    file.append(link);
    main.append(file);
  }
  if (m.qr && offersQrControls(m, ctx.messages())) main.append(qrControls(m, ctx));
  if (m.order && orderMoves(m.order).length) main.append(orderControls(m, ctx));
  row.append(avatar, main);
  // Slack offers a message's menu on what everyone sees, not on an ephemeral.
  if (!m.ephemeral) {
    row.append(
      messageMenu({
        shortcuts: ctx.shortcuts(),
        choose: (callbackId) =>
          api('/console/shortcut', { callbackId, channel: m.channel, messageTs: m.ts }),
        reply: m.threadTs ? undefined : () => ctx.startReply(m),
      }),
    );
  }
  return row;
}
