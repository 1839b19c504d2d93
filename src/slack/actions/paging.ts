import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { COUPONS_NEXT, COUPONS_PREV } from '../blocks/coupons-card.js';
import { errorCard } from '../blocks/error-card.js';
import { type Asker, notice, type SlackMessage } from '../blocks/message.js';
import { PUNISHMENTS_NEXT, PUNISHMENTS_PREV } from '../blocks/punishments-card.js';
import { SHOP_ORDERS_NEXT, SHOP_ORDERS_PREV } from '../blocks/shop-orders-card.js';
import { finish } from '../commands/slash.js';
import type { AppDeps } from '../deps.js';

type Pager = (ref: { q: string; p: number }, clicker: Asker) => Promise<SlackMessage | undefined>;

const EXPIRED =
  'This list is too old to page (queries are kept for 30 minutes). Run the command again for a fresh one.';

/** Previous/Next buttons: the card is replaced in place with the other page. */
export function registerPaging(
  app: App,
  deps: AppDeps,
  pagers: { shopOrders: Pager; coupons: Pager; punishments: Pager },
): void {
  const bind = (actionIds: string[], pager: Pager) => {
    for (const actionId of actionIds) {
      app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, action, body, respond }) => {
        await ack();
        deps.metrics.slackAcks.inc({ kind: 'action' });
        const clicker: Asker = {
          teamId: body.team?.id ?? '',
          userId: body.user.id,
          channelId: body.channel?.id ?? body.user.id,
        };
        let message: SlackMessage;
        try {
          const ref = JSON.parse(action.value ?? '{}') as { q?: string; p?: number };
          const page = await pager({ q: String(ref.q ?? ''), p: Number(ref.p ?? 1) }, clicker);
          if (!page) {
            await respond({
              response_type: 'ephemeral',
              replace_original: false,
              ...finish(deps, notice(EXPIRED)),
            });
            return;
          }
          message = page;
        } catch (err) {
          deps.logger.warn({ err, actionId }, 'paging failed');
          message = errorCard(err);
        }
        await respond({
          ...finish(deps, message),
          response_type: 'ephemeral',
          replace_original: true,
        });
      });
    }
  };
  bind([SHOP_ORDERS_PREV, SHOP_ORDERS_NEXT], pagers.shopOrders);
  bind([COUPONS_PREV, COUPONS_NEXT], pagers.coupons);
  bind([PUNISHMENTS_PREV, PUNISHMENTS_NEXT], pagers.punishments);
}
