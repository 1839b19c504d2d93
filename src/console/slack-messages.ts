import { isRecord } from '../slack-double/api-error.js';
import type { DoubleState } from '../slack-double/state.js';
import type { AckResult } from '../slack-double/types.js';
import { SLACKBOT_USER } from './local-slack.js';

/** An ephemeral line from Slackbot, the way Slack reports a command it could not deliver. */
export function slackbotSays(
  state: DoubleState,
  channel: string,
  user: string,
  text: string,
): void {
  state.addMessage({
    channel,
    ts: state.nextTs(),
    user: SLACKBOT_USER,
    text,
    blocks: [],
    files: [],
    ephemeral: true,
    visibleTo: user,
    edits: 0,
    via: 'response_url',
  });
}

/**
 * What Slack shows for a slash command's ack: a body with text or blocks becomes a message
 * (ephemeral unless `response_type: in_channel`); a failed ack becomes Slackbot's error line.
 */
export function applyCommandAck(
  state: DoubleState,
  where: { channel: string; user: string; command: string },
  ack: AckResult,
): void {
  if (ack.status !== 200) {
    const error = ack.status === 404 ? 'operation_timeout' : 'dispatch_failed';
    slackbotSays(
      state,
      where.channel,
      where.user,
      `${where.command} failed with the error "${error}"`,
    );
    return;
  }
  const body = isRecord(ack.json) ? ack.json : ack.body.trim() ? { text: ack.body } : undefined;
  if (!body) return;
  const text = typeof body.text === 'string' ? body.text : '';
  const blocks = Array.isArray(body.blocks) ? body.blocks : [];
  if (!text && blocks.length === 0) return;
  const inChannel = body.response_type === 'in_channel';
  state.addMessage({
    channel: where.channel,
    ts: state.nextTs(),
    user: state.id.botUserId,
    botId: state.id.botId,
    text,
    blocks,
    files: [],
    ephemeral: !inChannel,
    visibleTo: inChannel ? undefined : where.user,
    edits: 0,
    via: 'response_url',
  });
}
