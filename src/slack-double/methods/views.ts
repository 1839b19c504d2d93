import { ApiError, type Args, isRecord, json, required, str } from '../api-error.js';
import { viewErrors } from '../block-kit/view-errors.js';
import type { Method } from '../context.js';
import type { DoubleState } from '../state.js';
import type { DoubleView } from '../types.js';
import { viewJson } from '../wire.js';

const MAX_STACK = 3;

function viewArg(args: Args, type: 'modal' | 'home'): Record<string, unknown> {
  const view = json(args, 'view');
  if (!isRecord(view)) throw new ApiError('invalid_arguments');
  if (view.type !== type) {
    throw new ApiError('invalid_arguments', {
      response_metadata: { messages: [`view type must be "${type}"`] },
    });
  }
  const problems = viewErrors(view);
  if (problems.length)
    throw new ApiError('invalid_arguments', { response_metadata: { messages: problems } });
  return view;
}

/** Trigger ids work once, for a few seconds, for the user whose action minted them. */
function useTrigger(state: DoubleState, args: Args): string {
  const id = str(args, 'trigger_id') ?? str(args, 'interactivity_pointer');
  const trigger = id === undefined ? undefined : state.triggers.get(id);
  if (!trigger) throw new ApiError('invalid_trigger_id');
  if (trigger.used) throw new ApiError('exchanged_trigger_id');
  if (state.now().getTime() - trigger.issuedAt > state.id.triggerTtlMs)
    throw new ApiError('expired_trigger_id');
  trigger.used = true;
  return trigger.user;
}

function newHash(state: DoubleState): string {
  return `${Math.floor(state.now().getTime() / 1000)}.${state.nextId('h')}`;
}

function externalId(state: DoubleState, view: Record<string, unknown>): string | undefined {
  const ext =
    typeof view.external_id === 'string' && view.external_id ? view.external_id : undefined;
  if (ext && [...state.views.values()].some((v) => v.externalId === ext && v.open)) {
    throw new ApiError('duplicate_external_id');
  }
  return ext;
}

const open: Method = ({ state, args }) => {
  const view = viewArg(args, 'modal');
  const user = useTrigger(state, args);
  for (const id of state.stacks.get(user) ?? []) closeView(state, id);
  const id = state.nextId('V');
  const stored: DoubleView = {
    id,
    user,
    type: 'modal',
    view,
    hash: newHash(state),
    externalId: externalId(state, view),
    rootViewId: id,
    lastAction: 'opened',
    open: true,
  };
  state.stacks.set(user, [id]);
  state.saveView(stored);
  return { view: viewJson(state, stored) };
};

const push: Method = ({ state, args }) => {
  const view = viewArg(args, 'modal');
  const user = useTrigger(state, args);
  return { view: viewJson(state, pushView(state, user, view)) };
};

/** Also used when a view_submission ack answers `response_action: "push"`. */
export function pushView(
  state: DoubleState,
  user: string,
  view: Record<string, unknown>,
): DoubleView {
  const stack = state.stacks.get(user) ?? [];
  if (stack.length >= MAX_STACK) throw new ApiError('push_limit_reached');
  const id = state.nextId('V');
  const previous = stack.at(-1);
  const stored: DoubleView = {
    id,
    user,
    type: 'modal',
    view,
    hash: newHash(state),
    externalId: externalId(state, view),
    rootViewId: stack[0] ?? id,
    previousViewId: previous,
    lastAction: 'pushed',
    open: true,
  };
  state.stacks.set(user, [...stack, id]);
  state.saveView(stored);
  return stored;
}

const update: Method = ({ state, args }) => {
  const viewId = str(args, 'view_id');
  const ext = str(args, 'external_id');
  const found = viewId
    ? state.views.get(viewId)
    : [...state.views.values()].find((v) => ext && v.externalId === ext);
  if (!found) throw new ApiError('not_found');
  const view = viewArg(args, found.type);
  const hash = str(args, 'hash');
  if (hash && hash !== found.hash) throw new ApiError('hash_conflict');
  return { view: viewJson(state, replaceView(state, found, view)) };
};

/** Also used when a view_submission ack answers `response_action: "update"`. */
export function replaceView(
  state: DoubleState,
  found: DoubleView,
  view: Record<string, unknown>,
): DoubleView {
  const updated: DoubleView = { ...found, view, hash: newHash(state), lastAction: 'updated' };
  state.saveView(updated);
  return updated;
}

const publish: Method = ({ state, args }) => {
  const user = required(args, 'user_id', 'user_not_found');
  const view = viewArg(args, 'home');
  const existing = state.views.get(state.homeViews.get(user) ?? '');
  const hash = str(args, 'hash');
  if (existing && hash && hash !== existing.hash) throw new ApiError('hash_conflict');
  const id = existing?.id ?? state.nextId('V');
  const stored: DoubleView = {
    id,
    user,
    type: 'home',
    view,
    hash: newHash(state),
    rootViewId: id,
    lastAction: 'published',
    open: true,
  };
  state.homeViews.set(user, id);
  state.saveView(stored);
  return { view: viewJson(state, stored) };
};

export function closeView(state: DoubleState, id: string): void {
  const view = state.views.get(id);
  if (!view?.open) return;
  state.saveView({ ...view, open: false });
  const stack = state.stacks.get(view.user) ?? [];
  state.stacks.set(
    view.user,
    stack.filter((v) => v !== id),
  );
}

export const viewMethods: Record<string, Method> = {
  'views.open': open,
  'views.push': push,
  'views.update': update,
  'views.publish': publish,
};
