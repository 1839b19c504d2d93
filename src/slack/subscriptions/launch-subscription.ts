import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import {
  findSubscription,
  moveSubscription,
  nextPollAt,
  type SubscriptionRow,
  updateLeasedSubscription,
} from '../../subscriptions/index.js';
import { isUnreachableChannel, slackErrorCode } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { channelLocale } from '../settings/language.js';
import { subscriptionMessageOf } from './subscription-messages.js';

/**
 * How long the starting click holds the new subscription while it posts its message: longer
 * than the slowest post can take (three attempts of at most 10 s), as an export's start grace.
 */
const CLICK_LEASE_MS = 45_000;

/**
 * Starts a previewed subscription: it starts now (orders confirmed before are never posted), its
 * message goes in the channel, the first poll is one interval later. Only the click that moves
 * it out of "preview" acts (a second click, a Slack retry, a second approval do not); it holds
 * the row's lease while it posts, so no poller posts the message too. Dying here, the lease
 * lapses and the poller posts the message. Resolves `'started'`, the words for a channel it
 * cannot post in (the subscription is then ended), or undefined when another click won.
 */
export function launchSubscription(
  deps: AppDeps,
  client: WebClient,
  row: SubscriptionRow,
): Promise<'started' | 'subscriptions.cannotPost' | undefined> {
  // New work: made in turn with the thread's other makings (WorkTracker.make).
  return deps.work.make(() => launch(deps, client, row));
}

async function launch(
  deps: AppDeps,
  client: WebClient,
  row: SubscriptionRow,
): Promise<'started' | 'subscriptions.cannotPost' | undefined> {
  const key = { workspaceId: row.workspace_id, subscriptionId: row.subscription_id };
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
  if (!won) return undefined;
  const active = await findSubscription(db, key);
  if (!active) return undefined;
  // The channel's message speaks the workspace's language; the row keeps it for what follows.
  const locale = await channelLocale(deps, key.workspaceId);
  let ts: string | undefined;
  try {
    const posted = await client.chat.postMessage({
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
    return 'subscriptions.cannotPost';
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
    if (ts) await client.chat.delete({ channel: row.channel_id, ts }).catch(() => undefined);
    return undefined;
  }
  return 'started';
}
