import { notice } from '../blocks/message.js';
import { sharedCard } from '../blocks/shared-card.js';
import { finish } from '../finish.js';
import { withSlackRateLimit } from '../rate-limit.js';
import {
  isUnreachableChannel,
  slackErrorCode,
  slackErrorKind,
  slackRetryAfter,
} from '../slack-errors.js';
import { OUT_OF_DATE, readStoreKey } from '../values.js';
import type { ActionDef } from './action.js';
import { tell } from './action.js';

const TOO_OLD =
  'This result is too old to share (results are kept for 30 minutes). Run the command again to share a fresh one.';

/** "Share in channel": the same card, posted publicly with who shared it; no new gateway call. */
export const share = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const { action, body, client } = args;
    const key = readStoreKey(action.value);
    if (!key) return tell(args, deps, notice(OUT_OF_DATE));
    const cached = await deps.results.get(key);
    if (!cached) return tell(args, deps, notice(TOO_OLD));
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
      await tell(
        args,
        deps,
        notice(
          isUnreachableChannel(code)
            ? 'I cannot post in this channel. Invite me with `/invite @querydesk`, then share again.'
            : retryAfter !== undefined
              ? `Slack is rate limiting posts here (it asked to wait ${retryAfter} s). Share again in a moment.`
              : 'Sharing failed; try again in a moment.',
        ),
      );
    }
  },
});
