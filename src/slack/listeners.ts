import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { QrDeps } from '../qr/index.js';
import { registerPaging } from './actions/paging.js';
import { registerRefreshPayOrder } from './actions/refresh-payorder.js';
import { registerShare } from './actions/share.js';
import { accountModal } from './blocks/account-modal.js';
import { couponsModal } from './blocks/coupons-modal.js';
import { ACTION, SHORTCUT, VIEW } from './blocks/ids.js';
import { payOrderModal } from './blocks/pay-order-modal.js';
import { punishmentsModal } from './blocks/punishments-modal.js';
import { shopOrdersModal } from './blocks/shop-orders-modal.js';
import { runAccount } from './commands/account.js';
import { openConfig, registerConfigView } from './commands/config.js';
import { createCoupons } from './commands/coupons.js';
import { runPayOrder } from './commands/payorder.js';
import { createPunishments } from './commands/punishments.js';
import { registerQr } from './commands/qr.js';
import { registerQuerydesk } from './commands/querydesk.js';
import { createShopOrders } from './commands/shoporders.js';
import { registerSlash } from './commands/slash.js';
import { commandSpecs } from './commands/specs.js';
import { registerSpend } from './commands/spend.js';
import { registerAppHome } from './events/app-home.js';

/** Every listener, grouped by Slack feature. */
export function registerListeners(app: App, deps: QrDeps): void {
  const specs = commandSpecs(deps.config.gateway.timeZone);
  const shopOrders = createShopOrders(deps);
  const coupons = createCoupons(deps);
  const punishments = createPunishments(deps);
  const modal = (
    callbackId: string,
    build: (o: { privateMetadata: string }) => ReturnType<typeof payOrderModal>,
  ) => ({
    callbackId,
    build: (privateMetadata: string) => build({ privateMetadata }),
  });

  registerSlash(app, deps, {
    spec: specs.payorder,
    modal: modal(VIEW.payOrder, payOrderModal),
    run: (d, args, who) => runPayOrder(d, args, who),
  });
  registerSlash(app, deps, {
    spec: specs.shoporders,
    modal: modal(VIEW.shopOrders, shopOrdersModal),
    run: (_d, input, who) => shopOrders.run(input, who),
  });
  registerSlash(app, deps, {
    spec: specs.account,
    modal: modal(VIEW.account, accountModal),
    run: (d, input, who) => runAccount(d, input, who),
  });
  registerSlash(app, deps, {
    spec: specs.coupons,
    modal: modal(VIEW.coupons, couponsModal),
    run: (_d, args, who) => coupons.run(args, who),
  });
  registerSlash(app, deps, {
    spec: specs.punishments,
    modal: modal(VIEW.punishments, punishmentsModal),
    run: (_d, input, who) => punishments.run(input, who),
  });
  registerQr(app, deps, specs);
  registerQuerydesk(app, deps, specs, openConfig(app, deps));
  registerConfigView(app, deps);
  registerSpend(app, deps);
  registerAppHome(app, deps);

  registerShare(app, deps);
  registerRefreshPayOrder(app, deps);
  registerPaging(app, deps, {
    shopOrders: shopOrders.page,
    coupons: coupons.page,
    punishments: punishments.page,
  });

  // "Filter…" on a shop-orders card: the form, prefilled with the card's query.
  app.action<BlockAction<ButtonAction>>(
    ACTION.shopOrdersFilter,
    async ({ ack, action, body, client }) => {
      await ack();
      deps.metrics.slackAcks.inc({ kind: 'action' });
      const q = await shopOrders.queryOf(action.value ?? '');
      await client.views.open({
        trigger_id: body.trigger_id,
        view: shopOrdersModal({
          privateMetadata: JSON.stringify({ channelId: body.channel?.id ?? body.user.id }),
          initial: q && {
            owner_id: q.ownerId,
            size: String(q.pageSize),
            edition: q.edition,
            from: q.start?.slice(0, 10),
            to: q.end?.slice(0, 10),
            remark: q.remark,
            tag: q.remarkTag === undefined ? undefined : String(q.remarkTag),
          },
        }),
      });
    },
  );

  // Global shortcut "Look up a payment order": the /payorder form; the answer comes by DM.
  app.shortcut(SHORTCUT.payOrder, async ({ ack, shortcut, client }) => {
    await ack();
    deps.metrics.slackAcks.inc({ kind: 'shortcut' });
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: payOrderModal({ privateMetadata: JSON.stringify({ channelId: shortcut.user.id }) }),
    });
  });

  app.error(async (err) => {
    deps.logger.error({ err }, 'unhandled listener error');
  });
}
