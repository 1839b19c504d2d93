// The Workflow Builder steps panel: a small form per step (as a workflow would fill it), and each
// run with the completion the bot sent (its outputs, or its error), as Workflow Builder would see it.
import { el } from './elements.js';
import { w } from './words.js';

function field(input, defaults) {
  const label = el('label', 'step-field');
  const name = el('span', 'step-field-name', `${input.name}${input.required ? ' *' : ''}`);
  const box = el('input');
  box.name = input.name;
  box.type = 'text';
  box.spellcheck = false;
  box.value = defaults[input.type] ?? '';
  box.placeholder = input.type.startsWith('slack#') ? input.type.replace('slack#/types/', '') : '';
  label.append(name, box, el('span', 'step-field-hint muted', input.hint));
  return label;
}

function stepForm(step, { run, defaults }) {
  const form = el('form', 'step-form');
  form.autocomplete = 'off';
  form.dataset.step = step.callbackId;
  form.append(
    el('h2', 'step-title', step.title),
    el('div', 'muted', step.description),
    ...step.inputs.map((i) => field(i, defaults)),
  );
  const submit = el('button', 'bk-button bk-primary', w('console.steps.run'));
  submit.type = 'submit';
  form.append(submit);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const inputs = {};
    for (const box of form.querySelectorAll('input')) inputs[box.name] = box.value;
    run(step.callbackId, inputs);
  });
  return form;
}

function runItem(execution) {
  const item = el('li', 'step-run');
  item.dataset.execution = execution.executionId;
  const done = execution.completion;
  const state = !done
    ? w('console.steps.waiting')
    : done.kind === 'success'
      ? w('console.steps.completed')
      : w('console.steps.failed');
  item.dataset.state = done ? done.kind : 'pending';
  item.append(
    el('div', 'step-run-head', `${execution.callbackId} · ${execution.executionId} · ${state}`),
    el('pre', 'step-run-body', JSON.stringify(execution.inputs)),
  );
  if (done?.kind === 'success')
    item.append(el('pre', 'step-run-out', JSON.stringify(done.outputs, null, 2)));
  if (done?.kind === 'error') item.append(el('pre', 'step-run-error', done.error));
  return item;
}

/** Draws the panel into `root`; `run(callbackId, inputs)` sends the step to the bot. */
export function renderSteps(root, { steps, executions, run, defaults }) {
  const list = el('ul', 'step-runs');
  list.append(...executions.map(runItem));
  root.replaceChildren(
    el('p', 'muted', w('console.steps.intro')),
    el('div', 'step-forms'),
    el('h2', 'step-title', w('console.steps.runs')),
    executions.length ? list : el('div', 'empty muted', w('console.steps.none')),
  );
  root.querySelector('.step-forms').append(...steps.map((s) => stepForm(s, { run, defaults })));
}
