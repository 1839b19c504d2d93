import { errorCard } from '../blocks/error-card.js';
import { notice } from '../blocks/message.js';
import { OUT_OF_DATE, readStoreKey } from '../blocks/values.js';
import type { ShareableCard } from '../commands/command.js';
import { COMMAND_LIST } from '../commands/index.js';
import { finish } from '../delivery/finish.js';
import { withSlackRateLimit } from '../delivery/rate-limit.js';
import {
  isUnreachableChannel,
  slackErrorCode,
  slackErrorKind,
  slackRetryAfter,
} from '../delivery/slack-errors.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import { type ActionDef, clickerOf, tell } from './action.js';

const TOO_OLD =
  'This result is too old to share (results are kept for 30 minutes). Run the command again to share a fresh one.';

function cardOwner(kind: string): ShareableCard | undefined {
  for (const c of COMMAND_LIST) if (c.kind === 'lookup' && c.card?.kind === kind) return c.card;
  return undefined;
}

/** "Share in channel": the same card, posted publicly with who shared it; no new gateway call. */
export const share = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const { action, body, client } = args;
    const key = readStoreKey(action.value);
    if (!key) return tell(args, deps, notice(OUT_OF_DATE));
    const cached = await deps.results.get(key);
    // A card from a command this version no longer has is as good as expired.
    const owner = cached && cardOwner(cached.card.kind);
    // Only the workspace that paid for a card may share it.
    const sameTeam = cached?.teamId === clickerOf(body).teamId;
    if (!cached || !owner || !sameTeam) return tell(args, deps, notice(TOO_OLD));
    const channel = body.channel?.id ?? cached.channelId;
    // A paid answer: whoever shares it, where, must be allowed to see one there (a payment
    // order is free and not restricted).
    try {
      if (cached.card.kind !== 'payOrder') {
        await checkWhoMaySpend(deps, {
          teamId: cached.teamId,
          userId: body.user.id,
          channelId: channel,
        });
      }
    } catch (err) {
      return tell(args, deps, errorCard(err));
    }
    try {
      const opts = { timeZone: deps.config.gateway.timeZone, sharedBy: body.user.id };
      const message = finish(deps, owner.shared(cached.card, opts));
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
