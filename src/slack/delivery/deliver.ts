import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { mrkdwn } from '../blocks/limits.js';
import type { Asker, SlackMessage } from '../blocks/message.js';
import { withSlackRateLimit } from './rate-limit.js';
import { isUnreachableChannel, slackErrorCode } from './slack-errors.js';

/**
 * An answer only the asker sees: through the response_url when there is one, else as an
 * ephemeral in the channel; if the bot cannot post there, as a direct message saying why.
 */
export async function deliverPrivately(params: {
  client: WebClient;
  respond?: RespondFn;
  who: Asker;
  message: SlackMessage;
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
    await client.chat.postMessage({
      channel: who.userId,
      text: `${message.text}\n(I could not post in <#${who.channelId}>: invite me there with /invite @querydesk.)`,
      blocks: [
        ...message.blocks.slice(0, 49),
        {
          type: 'context',
          elements: [
            mrkdwn(
              `I could not post in <#${who.channelId}> (${code}). Invite me there with \`/invite @querydesk\`.`,
            ),
          ],
        },
      ],
    });
  }
}
