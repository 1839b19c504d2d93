// The top modal of the user's view stack, its submission and its inline errors.
import { renderBlocks } from './blocks.js';
import { el, textOf } from './elements.js';
import { w } from './words.js';

// As in Slack, Escape closes the open modal (the top view), wherever the focus is.
let closeTop;
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !closeTop || event.defaultPrevented) return;
  event.preventDefault();
  closeTop();
});

/**
 * Draws `stack`'s top view into `root` (or clears it). `api(path, body)` posts to the console;
 * values typed into a view survive its re-rendering when the app updates the same view.
 */
export function renderModal(root, stack, { api, names }) {
  const top = stack.at(-1);
  const previous = root.firstElementChild;
  const kept = top && previous?.dataset.viewId === top.id ? previous.currentValues?.() : undefined;
  root.replaceChildren();
  closeTop = undefined;
  if (!top) return;
  const view = top.view;
  const inputs = new Map();
  const overlay = el('div', 'modal-overlay');
  overlay.dataset.viewId = top.id;
  const dialog = el('div', 'modal');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.dataset.callbackId = view.callback_id ?? '';

  const header = el('div', 'modal-header');
  const title = el('h2', 'modal-title', textOf(view.title));
  const x = el('button', 'modal-x', '×');
  x.type = 'button';
  x.setAttribute('aria-label', w('console.modal.close'));
  header.append(title, x);
  dialog.setAttribute('aria-label', title.textContent);

  const status = el('div', 'modal-status');
  status.hidden = true;
  const act = (element, value, blockId) =>
    api('/console/action', { viewId: top.id, actionId: element.action_id, blockId, value });
  const body = el('div', 'modal-body');
  body.append(renderBlocks(view.blocks, { names, act, inputs }), status);

  const footer = el('div', 'modal-footer');
  const close = el('button', 'bk-button', textOf(view.close) || w('console.modal.cancel'));
  close.type = 'button';
  footer.append(close);
  const closeView = () => api('/console/close', { viewId: top.id });
  closeTop = closeView;
  close.addEventListener('click', closeView);
  x.addEventListener('click', closeView);

  const values = () => {
    const out = {};
    for (const [blockId, input] of inputs) {
      const value = input.value();
      if (value !== undefined) out[blockId] = { [input.actionId]: value };
    }
    return out;
  };
  overlay.currentValues = values;

  if (view.submit) {
    const submit = el('button', 'bk-button bk-primary modal-submit', textOf(view.submit));
    submit.type = 'submit';
    footer.append(submit);
  }
  const form = el('form', 'modal-form');
  form.noValidate = true;
  form.append(body, footer);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!view.submit) return;
    for (const input of inputs.values()) input.error.hidden = true;
    status.hidden = true;
    // Like Slack's client: a required input left empty is flagged before anything is sent.
    const missing = [...inputs.values()].filter((i) => !i.optional && i.value() === undefined);
    for (const input of missing) {
      input.error.textContent = w('console.modal.required');
      input.error.hidden = false;
    }
    if (missing.length) return;
    const answer = await api('/console/submit', { viewId: top.id, values: values() });
    const ack = answer?.ack;
    if (ack?.response_action === 'errors' && ack.errors) {
      for (const [blockId, message] of Object.entries(ack.errors)) {
        const input = inputs.get(blockId);
        if (!input) continue;
        input.error.textContent = String(message);
        input.error.hidden = false;
      }
    } else if (!answer?.ok) {
      status.textContent = w('console.modal.trouble');
      status.hidden = false;
    }
  });
  if (kept) restore(form, inputs, kept);
  dialog.append(header, form);
  overlay.append(dialog);
  root.append(overlay);
  dialog.querySelector('input, select, textarea')?.focus();
}

function restore(form, inputs, kept) {
  for (const [blockId, input] of inputs) {
    const value = kept[blockId]?.[input.actionId];
    const field = form.querySelector(`[data-block-id="${CSS.escape(blockId)}"] .bk-text`);
    if (typeof value === 'string' && field && !field.value) field.value = value;
  }
}
