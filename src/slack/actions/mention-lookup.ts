import { translator } from '../../i18n/translator.js';
import { createIdempotencyKeys } from '../../store/idempotency.js';
import { errorCard } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import { readMentionLookupValue } from '../blocks/mention-values.js';
import { runMentionLookup } from '../lookup/mention-flow.js';
import { parseLookup } from '../lookup/mention-request.js';
import { checkWhoMaySpend } from '../lookup/query.js';
import { type ActionDef, clickerOf, clickerT, tell, tellOutOfDate } from './action.js';

/** An offer's lookup runs once, ever: its claim outlives any click on a message still showing it. */
const CLAIM_TTL_MS = 30 * 24 * 3_600_000;

/**
 * **Look up (N points)** on a mention's (or direct message's) price offer: a clicker who may spend
 * in that channel runs the lookup as themself, and the offer becomes the card, in the language it
 * was posted in. The lookup runs once whatever the double clicks, on whichever replica: the first
 * click claims the offer in the store with one conditional write, and later ones stop there. A
 * clicker who may not spend is told why, alone, and the offer stays for someone who may.
 */
export const mentionLookup = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    const { body, client } = args;
    const offer = readMentionLookupValue(args.action.value);
    const channel = body.channel?.id;
    const ts = body.container?.message_ts ?? body.message?.ts;
    if (!offer || !channel || typeof ts !== 'string') return tellOutOfDate(args, deps);
    const request = parseLookup(offer.l, offer.a, deps.config.gateway.timeZone);
    if (request.kind !== 'run') return tellOutOfDate(args, deps);
    const clicker = { ...clickerOf(body), channelId: channel };
    try {
      await checkWhoMaySpend(deps, clicker);
    } catch (err) {
      const t = await clickerT(args, deps).catch(() => ENGLISH);
      return tell(args, deps, errorCard(err, t), false, t);
    }
    const keys = createIdempotencyKeys(deps.store.db, () => deps.clock().getTime());
    const key = `mention-offer:${clicker.teamId}:${channel}:${ts}`;
    if (!(await keys.claim(key, CLAIM_TTL_MS))) return;
    const who = { ...clicker, origin: `${offer.w} ${offer.l}`, locale: offer.lo };
    const card = await runMentionLookup(deps, client, who, offer.l, request.args);
    try {
      await client.chat.update({ channel, ts, ...card });
    } catch (err) {
      deps.logger.warn({ err, team: clicker.teamId }, 'mention offer not replaced by its card');
      const t = translator(offer.lo);
      await tell(args, deps, card, false, t).catch(() => undefined);
    }
  },
});
