import { isRecord } from './api-error.js';
import { elementState, elementsOf } from './elements.js';
import { closeView, pushView, replaceView } from './methods/views.js';
import { createResponseUrl } from './response-url.js';
import { formBody, postSigned } from './send.js';
import { signedHeaders } from './signing.js';
import type { DoubleState } from './state.js';
import type { AckResult } from './types.js';
import { messageJson, viewJson } from './wire.js';

export const DEFAULT_USER = 'U0000000001';
export const DEFAULT_CHANNEL = 'C0000000001';

export interface CommandInput {
  /** e.g. `/payorder` */
  command: string;
  text?: string;
  user?: string;
  channel?: string;
  /** Another workspace than the double's own (a second OAuth install). */
  team?: string;
  /** The workspace's Enterprise Grid organisation, and whether the app is installed org-wide. */
  enterprise?: { id: string; orgWide: boolean };
}

export interface ActionInput {
  actionId: string;
  /** Disambiguates when several blocks hold the same action_id. */
  blockId?: string;
  /** The workspace's Enterprise Grid organisation, and whether the app is installed org-wide. */
  enterprise?: CommandInput['enterprise'];
  user?: string;
  /** The message holding the element (channel + ts) … */
  channel?: string;
  messageTs?: string;
  /** … or the view holding it. */
  viewId?: string;
  /** Picked option value(s), date, user id or typed text; defaults to a button's own value. */
  value?: string | string[];
  team?: string;
}

export interface SubmissionInput {
  viewId: string;
  user?: string;
  /** block_id → action_id → what the person entered (see ActionInput.value) or a raw state object. */
  values?: Record<string, Record<string, string | string[] | Record<string, unknown>>>;
  team?: string;
  enterprise?: CommandInput['enterprise'];
}

export type Ctx = { state: DoubleState; baseUrl: string };

export function common(
  state: DoubleState,
  user: string,
  team = state.id.teamId,
  enterprise?: CommandInput['enterprise'],
) {
  const u = state.user(user);
  return {
    token: 'verification-token-unused',
    api_app_id: state.id.appId,
    team: { id: team, domain: state.id.teamDomain },
    user: { id: u.id, username: u.name, name: u.name, team_id: team },
    is_enterprise_install: enterprise?.orgWide ?? false,
    enterprise: enterprise ? { id: enterprise.id, name: enterprise.id } : null,
  };
}

export async function sendCommand(
  ctx: Ctx,
  target: string,
  input: CommandInput,
): Promise<AckResult> {
  return postSigned(
    ctx.state,
    target,
    commandBody(ctx, input),
    'application/x-www-form-urlencoded',
  );
}

/**
 * A slash command's request as Slack would send it, signed now, without sending it: for a
 * benchmark that fires many at once and must not spend its own time building them.
 */
export function commandRequest(
  ctx: Ctx,
  input: CommandInput,
): { body: string; headers: Record<string, string> } {
  return signedForm(ctx, commandBody(ctx, input));
}

/** A form body with the headers Slack signs it with now, ready to be posted later. */
export function signedForm(
  ctx: Ctx,
  body: string,
): { body: string; headers: Record<string, string> } {
  const timestamp = Math.floor(ctx.state.now().getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...signedHeaders(ctx.state.id.signingSecret, timestamp, body),
    },
  };
}

function commandBody({ state, baseUrl }: Ctx, input: CommandInput): string {
  const user = state.user(input.user ?? DEFAULT_USER);
  const channel = state.channel(input.channel ?? DEFAULT_CHANNEL);
  return formBody({
    token: 'verification-token-unused',
    team_id: input.team ?? state.id.teamId,
    team_domain: state.id.teamDomain,
    channel_id: channel.id,
    channel_name: channel.isIm ? 'directmessage' : channel.name,
    user_id: user.id,
    user_name: user.name,
    command: input.command,
    // Slack escapes these three in command text; the bot's parser undoes it.
    text: (input.text ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    api_app_id: state.id.appId,
    ...(input.enterprise ? { enterprise_id: input.enterprise.id } : {}),
    is_enterprise_install: String(input.enterprise?.orgWide ?? false),
    response_url: createResponseUrl(state, baseUrl, { channel: channel.id, user: user.id }),
    trigger_id: state.mintTrigger(user.id),
  });
}

export async function sendAction(
  { state, baseUrl }: Ctx,
  target: string,
  input: ActionInput,
): Promise<AckResult> {
  const user = input.user ?? DEFAULT_USER;
  const source = actionSource({ state, baseUrl }, input, user);
  const found = elementsOf(source.blocks).find(
    (f) =>
      f.element.action_id === input.actionId && (!input.blockId || f.blockId === input.blockId),
  );
  if (!found) throw new Error(`no element with action_id "${input.actionId}" in ${source.where}`);
  const action = {
    ...elementState(found.element, input.value),
    action_id: input.actionId,
    block_id: found.blockId,
    action_ts: (state.now().getTime() / 1000).toFixed(6),
  };
  const payload = {
    type: 'block_actions',
    ...common(state, user, input.team, input.enterprise),
    trigger_id: state.mintTrigger(user),
    ...source.fields,
    state: { values: {} },
    actions: [action],
  };
  return postSigned(
    state,
    target,
    formBody({ payload: JSON.stringify(payload) }),
    'application/x-www-form-urlencoded',
  );
}

function actionSource(
  { state, baseUrl }: Ctx,
  input: ActionInput,
  user: string,
): { blocks: unknown[]; where: string; fields: Record<string, unknown> } {
  if (input.viewId) {
    const view = state.views.get(input.viewId);
    if (!view) throw new Error(`no view ${input.viewId}`);
    return {
      blocks: Array.isArray(view.view.blocks) ? view.view.blocks : [],
      where: `view ${view.id}`,
      fields: { container: { type: 'view', view_id: view.id }, view: viewJson(state, view) },
    };
  }
  const channel = input.channel ?? DEFAULT_CHANNEL;
  const message = input.messageTs ? state.findMessage(channel, input.messageTs) : undefined;
  if (!message) throw new Error(`no message ${input.messageTs} in ${channel}`);
  const ch = state.channel(channel);
  return {
    blocks: message.blocks,
    where: `message ${message.ts} in ${channel}`,
    fields: {
      container: {
        type: 'message',
        message_ts: message.ts,
        channel_id: channel,
        is_ephemeral: message.ephemeral,
      },
      channel: { id: ch.id, name: ch.isIm ? 'directmessage' : ch.name },
      // Slack leaves the message out of payloads from ephemeral messages.
      ...(message.ephemeral ? {} : { message: messageJson(state, message) }),
      response_url: createResponseUrl(state, baseUrl, { channel, user, messageTs: message.ts }),
    },
  };
}

/**
 * Submits a modal. Afterwards the double applies the ack as Slack would: no response_action
 * closes the view, `update`/`push` change the stack, `clear` closes it all, `errors` keeps it open.
 */
export async function sendViewSubmission(
  { state }: Ctx,
  target: string,
  input: SubmissionInput,
): Promise<AckResult> {
  const view = state.views.get(input.viewId);
  if (!view?.open) throw new Error(`no open view ${input.viewId}`);
  const user = input.user ?? view.user;
  const values: Record<string, Record<string, unknown>> = {};
  for (const f of elementsOf(Array.isArray(view.view.blocks) ? view.view.blocks : [])) {
    if (!f.inInput) continue;
    const actionId = String(f.element.action_id ?? 'input');
    const given = input.values?.[f.blockId]?.[actionId];
    values[f.blockId] = { ...values[f.blockId], [actionId]: elementState(f.element, given) };
  }
  const payload = {
    type: 'view_submission',
    ...common(state, user, input.team, input.enterprise),
    trigger_id: state.mintTrigger(user),
    view: {
      ...viewJson(state, view, values),
      ...(input.team ? { team_id: input.team, app_installed_team_id: input.team } : {}),
    },
    response_urls: [],
  };
  const ack = await postSigned(
    state,
    target,
    formBody({ payload: JSON.stringify(payload) }),
    'application/x-www-form-urlencoded',
  );
  if (ack.status === 200) applySubmissionAck(state, view.id, ack.json);
  return ack;
}

function applySubmissionAck(state: DoubleState, viewId: string, ack: unknown): void {
  const action = isRecord(ack) ? ack.response_action : undefined;
  const view = state.views.get(viewId);
  if (!view) return;
  if (action === 'errors') return;
  if (action === 'update' && isRecord(ack) && isRecord(ack.view)) {
    replaceView(state, view, ack.view);
  } else if (action === 'push' && isRecord(ack) && isRecord(ack.view)) {
    pushView(state, view.user, ack.view);
  } else if (action === 'clear') {
    for (const id of state.stacks.get(view.user) ?? []) closeView(state, id);
  } else {
    closeView(state, viewId);
  }
}

export async function sendEvent(
  ctx: Ctx,
  target: string,
  event: { type: string } & Record<string, unknown>,
  team?: string,
  enterprise?: CommandInput['enterprise'],
): Promise<AckResult> {
  return (await deliverEvent(ctx, target, event, { team, enterprise })).ack;
}

/** How an Events API delivery is sent: a first delivery, or Slack's retry of one. */
export interface EventDelivery {
  team?: string;
  enterprise?: CommandInput['enterprise'];
  /** The delivery's event_id: given, the same event again (a retry); default a fresh one. */
  eventId?: string;
  /** Sent as X-Slack-Retry-Num (with X-Slack-Retry-Reason `http_timeout`), as Slack retries. */
  retryNum?: number;
}

/** A signed event_callback around `event`; its ack and the event_id it carried. */
export async function deliverEvent(
  { state }: Ctx,
  target: string,
  event: { type: string } & Record<string, unknown>,
  delivery: EventDelivery = {},
): Promise<{ ack: AckResult; eventId: string }> {
  const { enterprise, team = state.id.teamId } = delivery;
  const now = state.now().getTime();
  const eventId = delivery.eventId ?? state.nextId('Ev');
  const envelope = {
    token: 'verification-token-unused',
    team_id: team,
    ...(enterprise ? { enterprise_id: enterprise.id } : {}),
    api_app_id: state.id.appId,
    event: { event_ts: (now / 1000).toFixed(6), ...event },
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(now / 1000),
    authorizations: [
      {
        enterprise_id: enterprise?.id ?? null,
        // An org-wide installation is the organisation's, not one workspace's.
        team_id: enterprise?.orgWide ? null : team,
        user_id: state.id.botUserId,
        is_bot: true,
        is_enterprise_install: enterprise?.orgWide ?? false,
      },
    ],
    is_ext_shared_channel: false,
  };
  const retry: Record<string, string> =
    delivery.retryNum === undefined
      ? {}
      : {
          'x-slack-retry-num': String(delivery.retryNum),
          'x-slack-retry-reason': 'http_timeout',
        };
  const ack = await postSigned(state, target, JSON.stringify(envelope), 'application/json', retry);
  return { ack, eventId };
}
