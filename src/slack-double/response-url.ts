import { ApiError, type Args, bool, str } from './api-error.js';
import { messageContent } from './methods/message-input.js';
import type { DoubleState } from './state.js';

const MAX_USES = 5;
const LIFETIME_MS = 30 * 60_000;

export function createResponseUrl(
  state: DoubleState,
  baseUrl: string,
  target: { channel: string; user: string; messageTs?: string },
): string {
  const token = state.nextId('R') + Math.random().toString(36).slice(2, 10);
  state.responseUrls.set(token, { ...target, uses: 0, createdAt: state.now().getTime() });
  return `${baseUrl}/response/${token}`;
}

/**
 * A POST to a response_url, with Slack's semantics: `delete_original`, `replace_original`, or a
 * new message (`response_type` "ephemeral" by default, or "in_channel"). Throws ApiError; the
 * caller answers 404 for `expired_url`/`used_url` and 400 otherwise.
 */
export function respond(state: DoubleState, token: string, args: Args): void {
  const target = state.responseUrls.get(token);
  if (!target) throw new ApiError('expired_url');
  if (state.now().getTime() - target.createdAt > LIFETIME_MS) throw new ApiError('expired_url');
  if (target.uses >= MAX_USES) throw new ApiError('used_url');
  target.uses++;

  const originalTs = target.messageTs ?? target.lastTs;
  const original = originalTs ? state.findMessage(target.channel, originalTs) : undefined;
  if (bool(args, 'delete_original')) {
    if (!original) throw new ApiError('message_not_found');
    state.deleteMessage(original);
    return;
  }
  const { text, blocks } = messageContent(args);
  if (!text && !blocks?.length) throw new ApiError('no_text');
  if (bool(args, 'replace_original') && original) {
    state.editMessage(original, { text: text ?? '', blocks: blocks ?? [] });
    return;
  }
  const inChannel = str(args, 'response_type') === 'in_channel';
  const message = state.addMessage({
    channel: target.channel,
    ts: state.nextTs(),
    user: state.id.botUserId,
    botId: state.id.botId,
    text: text ?? '',
    blocks: blocks ?? [],
    files: [],
    ephemeral: !inChannel,
    visibleTo: inChannel ? undefined : target.user,
    threadTs: str(args, 'thread_ts'),
    edits: 0,
    via: 'response_url',
  });
  target.lastTs = message.ts;
}
