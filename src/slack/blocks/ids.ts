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
} as const;

export const VIEW = {
  payOrder: 'qd_payorder_modal',
  shopOrders: 'qd_shoporders_modal',
  account: 'qd_account_modal',
  coupons: 'qd_coupons_modal',
  punishments: 'qd_punishments_modal',
  config: 'qd_config_modal',
  qr: 'qd_qr_modal',
} as const;

export const SHORTCUT = {
  payOrder: 'qd_lookup_payorder',
} as const;
