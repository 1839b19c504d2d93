import type { WebClient } from '@slack/web-api';
import type { OrderWatchDeps, WatchMessages } from '../../watches/index.js';
import { mrkdwn } from '../blocks/limits.js';
import { watchEventText } from '../blocks/order-watch-card.js';
import { finish } from '../delivery/finish.js';
import { permanentSlackError, slackErrorKind } from '../delivery/slack-errors.js';
import type { AppDeps } from '../deps.js';
import { lookUpPayOrder } from '../lookup/pay-order-lookup.js';
import { watchCard, watchT } from './watch-view.js';

type ClientFor = (teamId: string) => WebClient | Promise<WebClient>;

/** The watcher's chat side: thread replies under the card, and edits of the card. */
export function watchMessages(deps: AppDeps, clientFor: ClientFor): WatchMessages {
  const count = (method: string) => (err: unknown) => {
    deps.metrics.slackErrors.inc({ method, error: slackErrorKind(err) });
    throw err;
  };
  return {
    gone: (err) => permanentSlackError(err) !== undefined,
    async reply(row, event) {
      if (!row.message_ts) return;
      // A thread reply is in the language its card was posted in.
      const t = await watchT(deps, row);
      const text = watchEventText(event, deps.config.gateway.timeZone, t);
      const client = await clientFor(row.workspace_id);
      await client.chat
        .postMessage({
          channel: row.channel_id,
          thread_ts: row.message_ts,
          ...finish(deps, { text, blocks: [{ type: 'section', text: mrkdwn(text) }] }, t),
        })
        .catch(count('chat.postMessage'));
    },
    async showCard(row) {
      const t = await watchT(deps, row);
      const card = watchCard(row, deps.config, t);
      if (!card || !row.message_ts) return;
      const client = await clientFor(row.workspace_id);
      await client.chat
        .update({ channel: row.channel_id, ts: row.message_ts, ...finish(deps, card, t) })
        .catch(count('chat.update'));
    },
  };
}

/** The order watcher's ports: a free operation-6 look-up as background work, and the chat side. */
export function orderWatchDeps(deps: AppDeps, clientFor: ClientFor): OrderWatchDeps {
  return {
    config: deps.config,
    logger: deps.logger,
    store: deps.store,
    clock: deps.clock,
    lookUp: async (o) => {
      const who = { teamId: o.teamId, userId: o.userId, channelId: o.channelId };
      const args = { orderNumber: o.orderNumber, merchantNum: o.merchantNum, kind: o.kind };
      return (await lookUpPayOrder(deps, args, who, { background: true })).order;
    },
    messages: watchMessages(deps, clientFor),
  };
}
