import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { ACTION, type ActionKey } from '../blocks/ids.js';
import type { SlackDeps } from '../context.js';
import { couponsOf } from '../lookup/coupons-pages.js';
import { punishmentsOf } from '../lookup/punishments-pages.js';
import { shopOrdersOf } from '../lookup/shop-orders-pages.js';
import { exactly, pick } from '../middleware/one-listener.js';
import type { ActionDef } from './action.js';
import { approvalAsk, approvalDecision } from './approval-buttons.js';
import { auditExport } from './audit-export.js';
import { cancelExport } from './cancel-export.js';
import { cancelSubscribe } from './cancel-subscribe.js';
import { exportBom } from './export-bom.js';
import { link } from './link.js';
import { lookupMessagePick } from './lookup-message-pick.js';
import { paging } from './paging.js';
import { qrCheckAgain, qrLoadAccount, qrNewCode, qrScanned } from './qr-buttons.js';
import { refreshPayOrder } from './refresh-payorder.js';
import { share } from './share.js';
import { shopOrdersFilter } from './shop-orders-filter.js';
import { startExport } from './start-export.js';
import { stopOrderWatch } from './stop-watch.js';
import { subscribe } from './subscribe.js';
import { unsubscribe } from './unsubscribe.js';

/**
 * Every button, by its id in `blocks/ids.ts`. `satisfies Record<ActionKey, …>` makes a button
 * without a handler a compile error.
 */
export const ACTIONS = {
  share: share(ACTION.share),
  refreshPayOrder: refreshPayOrder(ACTION.refreshPayOrder),
  shopOrdersPage: paging(ACTION.shopOrdersPage, (d, ref, who) => shopOrdersOf(d).page(ref, who)),
  shopOrdersFilter: shopOrdersFilter(ACTION.shopOrdersFilter),
  couponsPage: paging(ACTION.couponsPage, (d, ref, who) => couponsOf(d).page(ref, who)),
  punishmentsPage: paging(ACTION.punishmentsPage, (d, ref, who) => punishmentsOf(d).page(ref, who)),
  authorize: link(ACTION.authorize),
  openLink: link(ACTION.openLink),
  qrLoadAccount: qrLoadAccount(ACTION.qrLoadAccount),
  qrNewCode: qrNewCode(ACTION.qrNewCode),
  qrCheckAgain: qrCheckAgain(ACTION.qrCheckAgain),
  auditExport: auditExport(ACTION.auditExport),
  stopOrderWatch: stopOrderWatch(ACTION.stopOrderWatch),
  startExport: startExport(ACTION.startExport),
  cancelExport: cancelExport(ACTION.cancelExport),
  exportBom: exportBom(ACTION.exportBom),
  qrScanned: qrScanned(ACTION.qrScanned),
  subscribe: subscribe(ACTION.subscribe),
  cancelSubscribe: cancelSubscribe(ACTION.cancelSubscribe),
  unsubscribe: unsubscribe(ACTION.unsubscribe),
  lookupMessagePick: lookupMessagePick(ACTION.lookupMessagePick),
  approvalAsk: approvalAsk(ACTION.approvalAsk),
  approvalApprove: approvalDecision(ACTION.approvalApprove, 'approved'),
  approvalDeny: approvalDecision(ACTION.approvalDeny, 'denied'),
  approvalWithdraw: approvalDecision(ACTION.approvalWithdraw, 'withdrawn'),
} satisfies Record<ActionKey, ActionDef>;

/** Each button is acked at once; its work follows. */
export function registerActions(app: App, deps: SlackDeps): void {
  const byId = new Map<string, ActionDef>();
  for (const def of Object.values(ACTIONS) as ActionDef[]) {
    for (const actionId of def.actionIds) byId.set(actionId, def);
  }
  app.action<BlockAction<ButtonAction>>(exactly(byId.keys()), async (args) => {
    const def = pick(byId, args.action.action_id);
    if (!def) return;
    await args.ack();
    deps.metrics.slackAcks.inc({ kind: 'action' });
    await def.handle(args, deps);
  });
}
