/** Every action_id and callback_id the app uses, in one place. */
export const ACTION = {
  share: 'qd_share',
  refreshPayOrder: 'qd_payorder_refresh',
  shopOrdersPage: 'qd_shoporders_page',
  shopOrdersFilter: 'qd_shoporders_filter',
  couponsPage: 'qd_coupons_page',
  punishmentsPage: 'qd_punishments_page',
  authorize: 'qd_authorize',
  openLink: 'qd_open_link',
  qrLoadAccount: 'qd_qr_account',
  qrNewCode: 'qd_qr_new',
  qrCheckAgain: 'qd_qr_check',
  auditExport: 'qd_audit_export',
  stopOrderWatch: 'qd_watch_stop',
  startExport: 'qd_export_start',
  cancelExport: 'qd_export_cancel',
  exportBom: 'qd_export_bom',
  qrScanned: 'qd_qr_scanned',
  subscribe: 'qd_subscribe',
  cancelSubscribe: 'qd_subscribe_cancel',
  unsubscribe: 'qd_unsubscribe',
  lookupMessagePick: 'qd_lookup_message_pick',
  approvalAsk: 'qd_approval_ask',
  approvalApprove: 'qd_approval_approve',
  approvalDeny: 'qd_approval_deny',
  approvalWithdraw: 'qd_approval_withdraw',
} as const;

/** Modals not drawn from a command's form (those take `qd_<command>_modal` from its name). */
export const VIEW = {
  config: 'qd_config_modal',
  lookupMessage: 'qd_lookup_message_modal',
} as const;

export const SHORTCUT = {
  payOrder: 'qd_lookup_payorder',
  /** The message shortcut "Look up in querydesk" (the contract names this callback id). */
  lookupMessage: 'lookup_message',
} as const;

export type ActionKey = keyof typeof ACTION;
export type ShortcutKey = keyof typeof SHORTCUT;

/** The QR status message's buttons, by what they do. */
export const QR_ACTION = {
  loadAccount: ACTION.qrLoadAccount,
  newCode: ACTION.qrNewCode,
  checkAgain: ACTION.qrCheckAgain,
  scanned: ACTION.qrScanned,
} as const;
