// The local console page: a Slack-like channel fed by the console's event stream.
import { renderBlocks } from './blocks.js';
import { setupComposer } from './composer.js';
import { el } from './elements.js';
import { renderMessage as drawMessage } from './message-row.js';
import { renderModal } from './modal.js';
import { renderSteps } from './steps.js';
import { threadGroups } from './threads.js';
import { applyWords, w } from './words.js';

const $ = (id) => document.getElementById(id);
const ui = {
  banner: $('banner'),
  channels: $('channels'),
  dms: $('dms'),
  navHome: $('nav-home'),
  navSteps: $('nav-steps'),
  steps: $('steps'),
  connection: $('connection'),
  title: $('title'),
  subtitle: $('subtitle'),
  messages: $('messages'),
  home: $('home'),
  composer: $('composer'),
  modalRoot: $('modal-root'),
  language: $('language'),
  acting: $('acting'),
  replying: $('replying'),
  replyingTo: $('replying-to'),
};

const store = {
  snapshot: undefined,
  messages: new Map(),
  current: undefined,
  composerReady: false,
  /** The thread the composer replies in: { channel, ts }. */
  replyTo: undefined,
};

const key = (m) => `${m.channel}/${m.ts}`;

async function api(path, body) {
  try {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return await res.json();
  } catch (err) {
    ui.connection.textContent = `${w('console.connection.failed')} ${err}`;
    return undefined;
  }
}

const names = {
  user: (id) => store.snapshot?.users[id] ?? id,
  channel: (id) => store.snapshot?.channels[id] ?? id,
  people: () => store.snapshot?.people ?? [],
};

const rowCtx = {
  api,
  names,
  messages: () => store.messages.values(),
  shortcuts: () => store.snapshot?.shortcuts ?? [],
  startReply,
};
const renderMessage = (m) => drawMessage(m, rowCtx);

function startReply(m) {
  store.replyTo = { channel: m.channel, ts: m.ts };
  drawReplying();
  $('input').focus();
}

function drawReplying() {
  const r = store.replyTo;
  const on = r !== undefined && r.channel === store.current;
  ui.replying.hidden = !on;
  if (!on) return;
  const parent = store.messages.get(`${r.channel}/${r.ts}`);
  const said = parent ? (parent.text || '').replace(/\s+/g, ' ').slice(0, 60) : '';
  ui.replyingTo.textContent = parent ? `${parent.author}: ${said}` : '';
}

function visibleMessages() {
  return [...store.messages.values()]
    .filter((m) => m.channel === store.current)
    .sort((a, b) => a.ts.localeCompare(b.ts, 'en', { numeric: true }));
}

function renderMessages() {
  const atBottom = ui.messages.scrollHeight - ui.messages.scrollTop - ui.messages.clientHeight < 80;
  const list = visibleMessages();
  const rows = threadGroups(list).flatMap(({ message, replies }) => {
    if (replies.length === 0) return [renderMessage(message)];
    const thread = el('div', 'thread');
    thread.dataset.threadTs = message.ts;
    thread.append(...replies.map(renderMessage));
    return [renderMessage(message), thread];
  });
  ui.messages.replaceChildren(...rows);
  const empty = store.current?.startsWith('D') ? 'console.dm.empty' : 'console.messages.empty';
  if (list.length === 0) ui.messages.append(el('div', 'empty muted', w(empty)));
  if (atBottom || store.forceScroll) ui.messages.scrollTop = ui.messages.scrollHeight;
  store.forceScroll = false;
}

/** One message changed: redraw just that row, in place, so a live edit does not jump the list. */
function applyMessage({ action, message }) {
  const k = key(message);
  if (action === 'deleted') store.messages.delete(k);
  else store.messages.set(k, message);
  renderNav();
  if (message.channel !== store.current) return;
  const existing = ui.messages.querySelector(
    `[data-channel="${CSS.escape(message.channel)}"][data-ts="${CSS.escape(message.ts)}"]`,
  );
  // A QR status change can move the scan controls between rows, so those redraw the list.
  if (existing && action === 'updated' && !message.qr) existing.replaceWith(renderMessage(message));
  else {
    if (action === 'posted') store.forceScroll = true;
    renderMessages();
  }
}

function navItem(id, label, open) {
  const li = el('li');
  const b = el('button', 'nav-item', label);
  b.type = 'button';
  b.dataset.target = id;
  b.addEventListener('click', open);
  li.append(b);
  return li;
}

/**
 * Draws a list of nav items, each `{ id, label, open }`. The buttons are replaced only when the
 * items change; otherwise only which one is active, so a click that lands while a message arrives
 * (every QR status edit, every answer) is not lost on a button replaced under the pointer.
 */
function drawNavList(list, items) {
  const buttons = [...list.querySelectorAll('.nav-item')];
  const same =
    buttons.length === items.length &&
    items.every((item, i) => {
      const b = buttons[i];
      return b.dataset.target === item.id && b.textContent === item.label;
    });
  if (!same) list.replaceChildren(...items.map((item) => navItem(item.id, item.label, item.open)));
  for (const b of list.querySelectorAll('.nav-item')) {
    b.classList.toggle('active', b.dataset.target === store.current);
  }
}

const imPerson = (channel) => store.snapshot?.people.find((p) => p.im === channel);

/** Acts as `id` from now on; the console answers with a snapshot drawn as them. */
function actAs(id) {
  if (id === store.snapshot?.user.id) return;
  // Someone else's IM is not theirs to read: back to the channel.
  const im = imPerson(store.current);
  if (im && im.id !== id) store.current = store.snapshot.channel.id;
  api('/console/as', { user: id });
}

/** A person's IM with the bot: only they can read it, so opening it acts as them. */
function openIm(person) {
  store.current = person.im;
  if (person.id !== store.snapshot.user.id) api('/console/as', { user: person.id });
  show(person.im);
}

function renderNav() {
  const snap = store.snapshot;
  if (!snap) return;
  const ids = new Set([snap.channel.id, ...[...store.messages.values()].map((m) => m.channel)]);
  const channels = [...ids].filter((id) => !id.startsWith('D'));
  drawNavList(
    ui.channels,
    channels.map((id) => ({ id, label: `# ${names.channel(id)}`, open: () => show(id) })),
  );
  // The person is looked up when clicked: a later snapshot may have changed them.
  const openImOf = (im) => () => {
    const person = store.snapshot.people.find((p) => p.im === im);
    if (person) openIm(person);
  };
  drawNavList(
    ui.dms,
    snap.people.map((p) => ({ id: p.im, label: `querydesk · ${p.name}`, open: openImOf(p.im) })),
  );
  ui.navHome.classList.toggle('active', store.current === 'home');
  ui.navSteps.classList.toggle('active', store.current === 'steps');
}

function renderHome() {
  const home = store.snapshot?.home;
  const act = (element, value, blockId) =>
    api('/console/action', { viewId: home.id, actionId: element.action_id, blockId, value });
  ui.home.replaceChildren(
    home
      ? renderBlocks(home.view.blocks, { names, act })
      : el('div', 'empty muted', w('console.home.opening')),
  );
}

function runStep(callbackId, inputs) {
  api('/console/step', { callbackId, inputs }).then((answer) => {
    if (answer?.executions) applyExecutions(answer.executions);
  });
}

function drawSteps() {
  const snap = store.snapshot;
  if (!snap || store.current !== 'steps') return;
  renderSteps(ui.steps, {
    steps: snap.steps,
    executions: snap.executions,
    run: runStep,
    defaults: { 'slack#/types/channel_id': snap.channel.id, 'slack#/types/user_id': snap.user.id },
  });
}

function applyExecutions(incoming) {
  if (!store.snapshot) return;
  // A step's answer to its POST can arrive after the event carrying its completion: a completion
  // is final, so an older list never takes it back.
  const done = new Map(
    store.snapshot.executions.filter((e) => e.completion).map((e) => [e.executionId, e]),
  );
  const executions = incoming.map((e) => (e.completion ? e : (done.get(e.executionId) ?? e)));
  store.snapshot.executions = executions;
  // Redrawing the forms would lose what is being typed: only the runs list is replaced.
  const runs = ui.steps.querySelector('.step-runs, .empty');
  if (store.current === 'steps' && runs) {
    const fresh = document.createElement('div');
    renderSteps(fresh, { steps: [], executions, run: runStep, defaults: {} });
    runs.replaceWith(fresh.querySelector('.step-runs, .empty'));
  }
}

function show(target) {
  store.current = target;
  const isHome = target === 'home';
  const isSteps = target === 'steps';
  ui.messages.hidden = isHome || isSteps;
  ui.composer.hidden = isHome || isSteps;
  ui.home.hidden = !isHome;
  ui.steps.hidden = !isSteps;
  ui.title.textContent = isSteps
    ? w('console.nav.steps')
    : isHome
      ? 'querydesk'
      : target.startsWith('D')
        ? 'querydesk'
        : `# ${names.channel(target)}`;
  ui.subtitle.textContent = isHome
    ? w('console.home.subtitle')
    : isSteps
      ? w('console.steps.subtitle')
      : (imPerson(target)?.name ?? '');
  drawReplying();
  renderNav();
  if (isSteps) {
    drawSteps();
  } else if (isHome) {
    renderHome();
    api('/console/home');
  } else {
    store.forceScroll = true;
    renderMessages();
  }
}

function applySnapshot(snap) {
  store.snapshot = snap;
  applyWords(snap.words, snap.locale);
  ui.language.value = snap.locale === 'zh-CN' ? 'zh-CN' : 'en-US';
  ui.acting.replaceChildren(
    ...snap.people.map((p) => {
      const option = el('option', '', p.name);
      option.value = p.id;
      return option;
    }),
  );
  ui.acting.value = snap.user.id;
  ui.connection.textContent = w(`console.connection.${store.live ? 'live' : 'connecting'}`);
  ui.banner.textContent = snap.banner;
  store.messages = new Map(snap.messages.map((m) => [key(m), m]));
  if (!store.composerReady) {
    store.composerReady = true;
    setupComposer({
      form: ui.composer,
      input: $('input'),
      list: $('suggestions'),
      usage: $('usage'),
      note: $('composer-note'),
      commands: snap.commands,
      mention: {
        command: '@querydesk',
        usageHint: '<order_number> <merchant_num>',
        get description() {
          return w('console.composer.mention');
        },
      },
      send: (parts) => api('/console/command', { ...parts, channel: store.current }),
      say: (text) => {
        const r = store.replyTo;
        const threadTs = r?.channel === store.current ? r.ts : undefined;
        return api('/console/message', { text, channel: store.current, threadTs });
      },
    });
  }
  show(store.current ?? snap.channel.id);
  applyViews(snap);
}

function applyViews({ stack, home }) {
  if (store.snapshot) store.snapshot.home = home;
  if (store.current === 'home') renderHome();
  renderModal(ui.modalRoot, stack, { api, names });
}

function connect() {
  const source = new EventSource('/console/events');
  source.addEventListener('open', () => {
    store.live = true;
    ui.connection.textContent = w('console.connection.live');
    document.body.dataset.live = 'true';
  });
  source.addEventListener('error', () => {
    store.live = false;
    ui.connection.textContent = w('console.connection.reconnecting');
    document.body.dataset.live = 'false';
  });
  source.addEventListener('snapshot', (e) => applySnapshot(JSON.parse(e.data)));
  source.addEventListener('message', (e) => applyMessage(JSON.parse(e.data)));
  source.addEventListener('views', (e) => applyViews(JSON.parse(e.data)));
  source.addEventListener('executions', (e) => applyExecutions(JSON.parse(e.data)));
}

ui.navHome.addEventListener('click', () => show('home'));
ui.acting.addEventListener('change', () => actAs(ui.acting.value));
$('replying-cancel').addEventListener('click', () => {
  store.replyTo = undefined;
  drawReplying();
});
ui.navSteps.addEventListener('click', () => show('steps'));
// As changing one's language in Slack's preferences: the bot hears it, the page redraws in it.
ui.language.addEventListener('change', () =>
  api('/console/language', { locale: ui.language.value }),
);
connect();
