import { randomUUID } from 'node:crypto';
import { translator } from '../../i18n/translator.js';
import {
  findSubscription,
  moveSubscription,
  nextPollAt,
  updateLeasedSubscription,
} from '../../subscriptions/index.js';
import { notice } from '../blocks/message.js';
import { isUnreachableChannel, slackErrorCode } from '../delivery/slack-errors.js';
import { channelLocale, personLocale } from '../settings/language.js';
import { subscriptionMessageOf } from '../subscriptions/subscription-messages.js';
import { type ActionDef, tell } from './action.js';
import { subscriptionClick } from './subscription-click.js';

/**
 * How long the Subscribe click holds the new subscription while it posts its message: longer
 * than the slowest post can take (three attempts of at most 10 s), as an export's start grace.
 */
const CLICK_LEASE_MS = 45_000;

/**
 * **Subscribe** on the private preview: the subscription starts now (orders confirmed before are
 * never posted), its message goes in the channel, the first poll is one interval later. Only the
 * click that moves it out of "preview" acts (a second click, a Slack retry do not); it holds the
 * row's lease while it posts, so no poller posts the message too. Dying here, the lease lapses
 * and the poller posts the message.
 */
export const subscribe = (actionId: string): ActionDef => ({
  actionIds: [actionId],
  async handle(args, deps) {
    // Only the person the preview was shown to subscribes with it.
    const click = await subscriptionClick(args, deps, (row, who) => row.user_id === who.userId);
    if (!click) return;
    const { who, key, row } = click;
    const db = deps.store.db;
    const now = deps.clock().getTime();
    const poster = `click:${randomUUID()}`;
    const won = await moveSubscription(db, key, ['preview'], {
      state: 'active',
      started_at: now,
      next_poll_at: nextPollAt(now, row.interval_ms, Math.random()),
      lease_owner: poster,
      lease_until: now + CLICK_LEASE_MS,
      updated_at: now,
    });
    if (!won) return;
    const active = await findSubscription(db, key);
    if (!active) return;
    // The channel's message speaks the workspace's language; the row keeps it for what follows.
    const locale = await channelLocale(deps, key.workspaceId);
    const told = async () =>
      translator(await personLocale(deps, args.client, who.teamId, who.userId));
    let ts: string | undefined;
    try {
      const posted = await args.client.chat.postMessage({
        channel: row.channel_id,
        ...subscriptionMessageOf(deps, active, locale),
      });
      ts = posted.ts;
    } catch (err) {
      if (!isUnreachableChannel(slackErrorCode(err))) throw err;
      await moveSubscription(db, key, ['active'], {
        state: 'ended',
        ended_reason: 'left_channel',
        lease_owner: null,
        lease_until: null,
        updated_at: deps.clock().getTime(),
      });
      return tell(args, deps, notice((await told())('subscriptions.cannotPost')), true);
    }
    const kept = await updateLeasedSubscription(db, key, poster, {
      message_ts: ts ?? null,
      locale,
      lease_owner: null,
      lease_until: null,
    });
    if (!kept) {
      // Ended meanwhile, or this click stalled past its lease and a poller posted the message:
      // this one must not stay as a second.
      if (ts) await args.client.chat.delete({ channel: row.channel_id, ts }).catch(() => undefined);
      return;
    }
    await tell(args, deps, notice((await told())('subscriptions.subscribed')), true);
  },
});
