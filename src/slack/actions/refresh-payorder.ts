import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { errorCard } from '../blocks/error-card.js';
import { ACTION } from '../blocks/ids.js';
import type { Asker } from '../blocks/message.js';
import { type PayOrderArgs, runPayOrder } from '../commands/payorder.js';
import { finish } from '../commands/slash.js';
import type { AppDeps } from '../deps.js';

/** "Refresh" on a payment-order card: look it up again (operation 6 is free) and replace the card. */
export function registerRefreshPayOrder(app: App, deps: AppDeps): void {
  app.action<BlockAction<ButtonAction>>(
    ACTION.refreshPayOrder,
    async ({ ack, action, body, respond }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      const who: Asker = {
        teamId: body.team?.id ?? '',
        userId: body.user.id,
        channelId: body.channel?.id ?? body.user.id,
      };
      let message: Awaited<ReturnType<typeof runPayOrder>>;
      try {
        const v = JSON.parse(action.value ?? '{}') as {
          o?: string;
          m?: string;
          k?: PayOrderArgs['kind'];
        };
        message = await runPayOrder(
          deps,
          { orderNumber: v.o ?? '', merchantNum: v.m ?? '', kind: v.k },
          who,
        );
      } catch (err) {
        message = errorCard(err);
      }
      await respond({
        ...finish(deps, message),
        response_type: 'ephemeral',
        replace_original: true,
      });
    },
  );
}
