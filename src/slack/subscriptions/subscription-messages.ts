import type { WebClient } from '@slack/web-api';
import type { Locale } from '../../i18n/locales.js';
import { translator } from '../../i18n/translator.js';
import type {
  SubscriptionDeps,
  SubscriptionMessages,
  SubscriptionRow,
} from '../../subscriptions/index.js';
import { subscriptionMessage } from '../blocks/subscription-message.js';
import { newOrderMessage, newOrdersBatchMessage } from '../blocks/subscription-orders.js';
import { finish } from '../delivery/finish.js';
import { permanentSlackError, slackErrorKind } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { SHOP_ORDER_HEADER, shopOrderCells } from '../exports/export-rows.js';
import { channelLocale, postedLocale } from '../settings/language.js';
import { lastPollPrice, subscriptionSource } from './subscription-source.js';
import { subscriptionView } from './subscription-view.js';

type ClientFor = (teamId: string) => WebClient | Promise<WebClient>;

/** The subscription message as the row says it is now, in `locale`, ready to post or edit. */
export function subscriptionMessageOf(
  deps: Pick<AppDeps, 'gateway' | 'config'>,
  row: SubscriptionRow,
  locale: Locale,
) {
  const t = translator(locale);
  const view = subscriptionView(row, deps.config, t);
  return finish(deps, subscriptionMessage(row, view), t);
}

/**
 * The poller's chat side: the subscription message, the orders, the batch CSV in its thread. All
 * of it is in the language the subscription message was posted in (the row's `locale`, written
 * with its ts), so a subscription speaks one language even after the workspace changes its own.
 */
export function subscriptionMessages(deps: AppDeps, clientFor: ClientFor): SubscriptionMessages {
  const zone = deps.config.gateway.timeZone;
  const count = (method: string) => (err: unknown) => {
    deps.metrics.slackErrors.inc({ method, error: slackErrorKind(err) });
    throw err;
  };
  const post = async (row: SubscriptionRow, message: ReturnType<typeof finish>) => {
    const client = await clientFor(row.workspace_id);
    const posted = await client.chat
      .postMessage({ channel: row.channel_id, ...message })
      .catch(count('chat.postMessage'));
    if (!posted.ts) throw new Error('chat.postMessage answered without a ts');
    return posted.ts;
  };
  const view = async (row: SubscriptionRow) => ({
    timeZone: zone,
    t: translator(await postedLocale(deps, row)),
  });
  return {
    gone(err) {
      const why = permanentSlackError(err);
      if (why === 'archived') return 'archived';
      if (why === 'channel') return 'left_channel';
      return why === 'token' ? 'uninstalled' : undefined;
    },
    async post(row) {
      const locale = await channelLocale(deps, row.workspace_id);
      return { ts: await post(row, subscriptionMessageOf(deps, row, locale)), locale };
    },
    async show(row) {
      if (!row.message_ts) return;
      const client = await clientFor(row.workspace_id);
      const locale = await postedLocale(deps, row);
      await client.chat
        .update({
          channel: row.channel_id,
          ts: row.message_ts,
          ...subscriptionMessageOf(deps, row, locale),
        })
        .catch(count('chat.update'));
    },
    async postOrder(row, order) {
      const v = await view(row);
      await post(row, finish(deps, newOrderMessage(row, order, v), v.t));
    },
    postBatch: async (row, first, total) => {
      const v = await view(row);
      return post(row, finish(deps, newOrdersBatchMessage(row, first, total, v), v.t));
    },
    async uploadCsv(row, threadTs, orders) {
      const client = await clientFor(row.workspace_id);
      const { t } = await view(row);
      // The CSV writer is loaded with the first batch, not at start (as for exports). Its
      // columns keep their machine names, as an export's do by default.
      const { toCsv } = await import('../../exports/csv.js');
      const csv = toCsv(
        SHOP_ORDER_HEADER,
        orders.map((o) => shopOrderCells(o, zone)),
      );
      await client.files
        .uploadV2({
          channel_id: row.channel_id,
          thread_ts: threadTs,
          file: csv,
          filename: `new-shop-orders-${row.owner_id.replace(/[^\w-]/g, '_').slice(0, 40)}-${orders.length}.csv`,
          title: t('count.newOrders', { count: orders.length }),
        })
        .catch(count('files.uploadV2'));
    },
  };
}

/** The subscription poller's ports. */
export function subscriptionDeps(deps: AppDeps, clientFor: ClientFor): SubscriptionDeps {
  return {
    logger: deps.logger,
    store: deps.store,
    clock: deps.clock,
    random: Math.random,
    source: subscriptionSource(deps),
    messages: subscriptionMessages(deps, clientFor),
    lastPrice: (workspaceId) => lastPollPrice(deps, workspaceId),
    metrics: {
      polled: (result) => deps.metrics.subscriptionPolls.inc({ result }),
      posted: (n) => deps.metrics.subscriptionOrdersPosted.inc(n),
      lateness: (s) => deps.metrics.subscriptionPollLateness.observe(s),
    },
  };
}
