import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION } from '../blocks/ids.js';
import { notice } from '../blocks/message.js';
import { sharedCard } from '../blocks/shared-card.js';
import { finish } from '../commands/slash.js';
import type { AppDeps } from '../deps.js';
import { withSlackRateLimit } from '../rate-limit.js';
import {
  isUnreachableChannel,
  slackErrorCode,
  slackErrorKind,
  slackRetryAfter,
} from '../slack-errors.js';

/** "Share in channel": the same card, posted publicly with who shared it; no new gateway call. */
export function registerShare(app: App, deps: AppDeps): void {
  app.action<BlockAction<ButtonAction>>(
    ACTION.share,
    async ({ ack, action, body, respond, client }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      const cached = await deps.results.get(action.value ?? '');
      if (!cached) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...finish(
            deps,
            notice(
              'This result is too old to share (results are kept for 30 minutes). Run the command again to share a fresh one.',
            ),
          ),
        });
        return;
      }
      const channel = body.channel?.id ?? cached.channelId;
      try {
        const message = finish(
          deps,
          sharedCard(cached.card, body.user.id, deps.config.gateway.timeZone),
        );
        await withSlackRateLimit(() => client.chat.postMessage({ channel, ...message }));
      } catch (err) {
        const code = slackErrorCode(err);
        const retryAfter = slackRetryAfter(err);
        deps.logger.warn({ err, channel, code, retryAfter }, 'share failed');
        deps.metrics.slackErrors.inc({ method: 'chat.postMessage', error: slackErrorKind(err) });
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...finish(
            deps,
            notice(
              isUnreachableChannel(code)
                ? 'I cannot post in this channel. Invite me with `/invite @querydesk`, then share again.'
                : retryAfter !== undefined
                  ? `Slack is rate limiting posts here (it asked to wait ${retryAfter} s). Share again in a moment.`
                  : 'Sharing failed; try again in a moment.',
            ),
          ),
        });
      }
    },
  );
}
