import { randomUUID } from 'node:crypto';
import type { AllMiddlewareArgs, RespondFn, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { translator } from '../../i18n/translator.js';
import {
  insertSubscription,
  pollsPerDay,
  type SubscriptionRow,
} from '../../subscriptions/index.js';
import { openPreviews } from '../../subscriptions/retention.js';
import { previewGate } from '../approvals/preview-gate.js';
import { errorCard, refusal, UserFacingError } from '../blocks/error-card.js';
import { ENGLISH } from '../blocks/format.js';
import type { Asker } from '../blocks/message.js';
import { subscriptionPreviewMessage } from '../blocks/subscription-preview.js';
import type { Subcommand } from '../commands/command.js';
import { parsedOrRefused } from '../commands/subcommand-args.js';
import type { SlackDeps } from '../context.js';
import { deliverPrivately } from '../delivery/deliver.js';
import { finish } from '../delivery/finish.js';
import { personLocale } from '../settings/language.js';
import { SUBSCRIBE_USAGE, type SubscribeArgs, subscribeParser } from './subscribe-args.js';
import { lastPollPrice } from './subscription-source.js';

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/**
 * Previews one person may have open in a workspace (each is a row until clicked, cancelled or a
 * day old): past it, the next preview is refused with what to do.
 */
export const MAX_OPEN_PREVIEWS = 20;

/** A new subscription in "preview": nothing is called until it is started. */
export function previewRow(who: Asker, a: SubscribeArgs, now: number): SubscriptionRow {
  return {
    workspace_id: who.teamId,
    subscription_id: randomUUID(),
    channel_id: who.channelId,
    user_id: who.userId,
    owner_id: a.ownerId,
    remark: a.remark ?? null,
    remark_tag: a.remarkTag ?? null,
    interval_ms: a.intervalMs,
    state: 'preview',
    message_ts: null,
    started_at: null,
    polled_to: null,
    next_poll_at: null,
    send_retry_at: null,
    paused: null,
    paused_until: null,
    failures: 0,
    problem: null,
    problem_url: null,
    price: null,
    polls: 0,
    points: 0,
    orders_posted: 0,
    ended_by: null,
    ended_reason: null,
    approved_by: null,
    lease_owner: null,
    lease_until: null,
    locale: null,
    created_at: now,
    updated_at: now,
  };
}

/** `/shoporders subscribe <owner_id> [every=15m] [remark=…] [tag=…]`: a private preview, nothing called. */
export const subscribeSubcommand: Subcommand = {
  usage: SUBSCRIBE_USAGE,
  async handle(args: Args, deps: SlackDeps, text: string) {
    const parser = subscribeParser(deps.config.subscription.minIntervalMs);
    const parsed: SubscribeArgs | undefined = await parsedOrRefused(args, deps, parser, text);
    if (!parsed) return;
    await args.ack();
    const who: Asker = {
      teamId: args.command.team_id,
      userId: args.command.user_id,
      channelId: args.command.channel_id,
      origin: `${args.command.command} subscribe`,
    };
    await deps.work.track(
      previewSubscription(deps, { client: args.client, respond: args.respond }, who, parsed),
    );
  },
};

/** The private preview of a subscription (from the command or the form); nothing is called. */
export function previewSubscription(
  deps: SlackDeps,
  via: { client: WebClient; respond?: RespondFn },
  who: Asker,
  a: SubscribeArgs,
): Promise<void> {
  // New work: made in turn with the thread's other makings (WorkTracker.make).
  return deps.work.make(() => showPreview(deps, via, who, a));
}

async function showPreview(
  deps: SlackDeps,
  via: { client: WebClient; respond?: RespondFn },
  who: Asker,
  a: SubscribeArgs,
): Promise<void> {
  let message: ReturnType<typeof subscriptionPreviewMessage>;
  let t = ENGLISH;
  try {
    // The preview is the asker's alone: their language.
    t = translator(await personLocale(deps, via.client, who.teamId, who.userId));
    const now = deps.clock().getTime();
    const open = await openPreviews(deps.store.db, { ...who, workspaceId: who.teamId, now });
    if (open >= MAX_OPEN_PREVIEWS) {
      throw refusal((tr) => ({
        title: tr('subscriptions.preview.tooMany.title'),
        detail: tr('subscriptions.preview.tooMany.detail', { max: MAX_OPEN_PREVIEWS }),
      }));
    }
    const row = previewRow(who, a, now);
    await insertSubscription(deps.store.db, row);
    const price = await lastPollPrice(deps, who.teamId);
    const perDay = pollsPerDay(a.intervalMs);
    const approval = await previewGate(deps, via.client, who, {
      kind: 'subscription',
      id: row.subscription_id,
      estimate: price === undefined ? undefined : perDay * price,
    });
    message = subscriptionPreviewMessage({
      ...(approval ? { approval } : {}),
      subscriptionId: row.subscription_id,
      ownerId: a.ownerId,
      remark: a.remark,
      remarkTag: a.remarkTag,
      intervalMs: a.intervalMs,
      pollsPerDay: perDay,
      price,
      budget: await deps.dailyBudget(who.teamId),
      t,
    });
  } catch (err) {
    if (!(err instanceof UserFacingError)) deps.logger.warn({ err }, 'subscription preview failed');
    message = errorCard(err, t);
  }
  await deliverPrivately({
    client: via.client,
    respond: via.respond,
    who,
    message: finish(deps, message, t),
    t,
    logger: deps.logger,
  }).catch((err) => deps.logger.error({ err }, 'could not deliver the answer'));
}
