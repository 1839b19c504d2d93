import { translator } from '../../i18n/translator.js';
import { errorCard } from '../blocks/error-card.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import { readStoreKey } from '../blocks/values.js';
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
import { channelLocale, personLocale } from '../settings/language.js';
import { type ActionDef, clickerOf, tell } from './action.js';

function cardOwner(kind: string): ShareableCard | undefined {
  for (const c of COMMAND_LIST) if (c.kind === 'lookup' && c.card?.kind === kind) return c.card;
  return undefined;
}

/**
 * "Share in channel": the same card, posted publicly with who shared it; no new gateway call. The
 * card is drawn again in the workspace's language (the channel's), whatever the sharer reads;
 * what only the sharer sees (a refusal, a failure) is in the sharer's.
 */
export const share = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const { action, body, client } = args;
    const clicker = clickerOf(body);
    const mine = translator(await personLocale(deps, client, clicker.teamId, body.user.id));
    const say = (m: SlackMessage) => tell(args, deps, m, false, mine);
    const key = readStoreKey(action.value);
    if (!key) return say(notice(mine('lookup.outOfDate')));
    const cached = await deps.results.get(key);
    // A card from a command this version no longer has is as good as expired.
    const owner = cached && cardOwner(cached.card.kind);
    // Only the workspace that paid for a card may share it.
    const sameTeam = cached?.teamId === clicker.teamId;
    if (!cached || !owner || !sameTeam) return say(notice(mine('lookup.share.tooOld')));
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
      return say(errorCard(err, mine));
    }
    try {
      const t = translator(await channelLocale(deps, cached.teamId));
      const opts = { timeZone: deps.config.gateway.timeZone, sharedBy: body.user.id, t };
      const message = finish(deps, owner.shared(cached.card, opts), t);
      await withSlackRateLimit(() => client.chat.postMessage({ channel, ...message }));
    } catch (err) {
      const code = slackErrorCode(err);
      const retryAfter = slackRetryAfter(err);
      deps.logger.warn({ err, channel, code, retryAfter }, 'share failed');
      deps.metrics.slackErrors.inc({ method: 'chat.postMessage', error: slackErrorKind(err) });
      await say(
        notice(
          isUnreachableChannel(code)
            ? mine('lookup.share.cannotPost')
            : retryAfter !== undefined
              ? mine('lookup.share.rateLimited', { seconds: retryAfter })
              : mine('lookup.share.failed'),
        ),
      );
    }
  },
});
