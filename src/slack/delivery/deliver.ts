import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { type Translate, translator } from '../../i18n/translator.js';
import { mrkdwn } from '../blocks/limits.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { withSlackRateLimit } from './rate-limit.js';
import { isUnreachableChannel, slackErrorCode } from './slack-errors.js';

/**
 * An answer only the asker sees: through the response_url when there is one, else as an
 * ephemeral in the channel; if the bot cannot post there, as a direct message saying why (in
 * `t`'s words, the asker's).
 */
export async function deliverPrivately(params: {
  client: WebClient;
  respond?: RespondFn;
  who: Asker;
  message: SlackMessage;
  /** The asker's words; absent: those of `who.locale`. */
  t?: Translate;
  replace?: boolean;
  logger: Logger;
}): Promise<void> {
  const { client, respond, who, message } = params;
  if (respond) {
    await respond({
      ...message,
      response_type: 'ephemeral',
      replace_original: params.replace ?? false,
    });
    return;
  }
  if (who.channelId === who.userId) {
    // Asked from no channel (the global shortcut): the answer is a direct message.
    await withSlackRateLimit(() => client.chat.postMessage({ channel: who.userId, ...message }));
    return;
  }
  try {
    await withSlackRateLimit(() =>
      client.chat.postEphemeral({ channel: who.channelId, user: who.userId, ...message }),
    );
  } catch (err) {
    const code = slackErrorCode(err);
    if (!isUnreachableChannel(code)) throw err;
    params.logger.warn(
      { channel: who.channelId, error: code },
      'channel unreachable, answering by DM',
    );
    // The channel as a value: `<…>` in the message itself would read as an ICU tag.
    const where = `<#${who.channelId}>`;
    const t = params.t ?? translator(who.locale ?? 'en');
    await client.chat.postMessage({
      channel: who.userId,
      text: t('common.cannotPost.text', { answer: message.text, where }),
      blocks: [
        ...message.blocks.slice(0, 49),
        {
          type: 'context',
          elements: [mrkdwn(t('common.cannotPost.note', { where, code: code ?? '' }))],
        },
      ],
    });
  }
}
