import {
  type CommandInput,
  type Ctx,
  common,
  DEFAULT_CHANNEL,
  DEFAULT_USER,
  signedForm,
} from './interactions.js';
import { createResponseUrl } from './response-url.js';
import { formBody, postSigned } from './send.js';
import type { AckResult } from './types.js';
import { messageJson } from './wire.js';

export interface ShortcutInput {
  callbackId: string;
  user?: string;
  team?: string;
  enterprise?: CommandInput['enterprise'];
  /**
   * For a message shortcut (`message_action`), the message whose menu it was picked from: a
   * stored one (`ts` of a message in `channel`) or one written here, as a person's message
   * (`text`, `blocks`). Absent: a global shortcut.
   */
  message?: {
    channel?: string;
    ts?: string;
    text?: string;
    blocks?: unknown[];
    /** Its author; the person picking the shortcut by default. */
    user?: string;
  };
}

/** A shortcut's payload as Slack sends it, with a fresh trigger_id for the person. */
function shortcutPayload({ state, baseUrl }: Ctx, input: ShortcutInput): Record<string, unknown> {
  const user = input.user ?? DEFAULT_USER;
  const now = (state.now().getTime() / 1000).toFixed(6);
  const base = {
    ...common(state, user, input.team, input.enterprise),
    callback_id: input.callbackId,
    trigger_id: state.mintTrigger(user),
    action_ts: now,
  };
  const m = input.message;
  if (!m) return { type: 'shortcut', ...base };
  const channel = state.channel(m.channel ?? DEFAULT_CHANNEL);
  const stored = m.ts ? state.findMessage(channel.id, m.ts) : undefined;
  const message = stored
    ? messageJson(state, stored)
    : {
        type: 'message',
        user: m.user ?? user,
        ts: m.ts ?? now,
        text: m.text ?? '',
        ...(m.blocks ? { blocks: m.blocks } : {}),
      };
  return {
    type: 'message_action',
    ...base,
    channel: { id: channel.id, name: channel.isIm ? 'directmessage' : channel.name },
    message_ts: message.ts,
    message,
    response_url: createResponseUrl(state, baseUrl, { channel: channel.id, user }),
  };
}

/** A signed shortcut (global, or a message's when `input.message` is given) to the bot. */
export function sendShortcut(ctx: Ctx, target: string, input: ShortcutInput): Promise<AckResult> {
  const body = formBody({ payload: JSON.stringify(shortcutPayload(ctx, input)) });
  return postSigned(ctx.state, target, body, 'application/x-www-form-urlencoded');
}

/** The signed request sendShortcut would post, built now and not sent (for a benchmark's burst). */
export function shortcutRequest(
  ctx: Ctx,
  input: ShortcutInput,
): { body: string; headers: Record<string, string> } {
  return signedForm(ctx, formBody({ payload: JSON.stringify(shortcutPayload(ctx, input)) }));
}
