import type { z } from 'zod';
import type { AnyOperationDef } from '../operation.js';
import { accountData } from './account-data.js';
import { coupons } from './coupons.js';
import { payOrder } from './pay-order.js';
import { punishments } from './punishments.js';
import { qrCreate } from './qr-create.js';
import { qrStatus } from './qr-status.js';
import { shopOrders } from './shop-orders.js';

/** The operations in the document's order (its numbering 1..7): the one list of names. */
export const OPERATION_NAMES = [
  'qrCreate',
  'accountData',
  'qrStatus',
  'coupons',
  'punishments',
  'payOrder',
  'shopOrders',
] as const;

export type OperationName = (typeof OPERATION_NAMES)[number];

/** Every operation the client can call. `satisfies` makes the compiler list a missing one. */
export const operations = {
  qrCreate,
  accountData,
  qrStatus,
  coupons,
  punishments,
  payOrder,
  shopOrders,
} satisfies Record<OperationName, AnyOperationDef>;

export type Operations = typeof operations;

/** What callers pass for operation K (defaults still optional). */
export type InputOf<K extends OperationName> = z.input<Operations[K]['input']>;
/** Operation K's input after validation: what `toWire` receives. */
export type ParsedInputOf<K extends OperationName> = z.output<Operations[K]['input']>;
/** Operation K's normalised answer. */
export type OutputOf<K extends OperationName> = ReturnType<Operations[K]['parse']>;

export type { AccountData } from './account-data.js';
export type {
  AccountPerson,
  DailyStat,
  DistributionEntry,
  SexWord,
} from './account-data-records.js';
export { roleWord, sexWord } from './account-data-records.js';
export type { Coupon, CouponKind, CouponPage } from './coupons.js';
export { COUPON_WINDOW_MAX_MS } from './coupons.js';
export type { YuanAmount } from './loose-values.js';
export { yuanFromText } from './loose-values.js';
export type { PayOrder, PayOrderNumberKind } from './pay-order.js';
export type { PunishmentOrder } from './punishment-records.js';
export { punishStatusWord, violationWord } from './punishment-records.js';
export type { PunishmentPage } from './punishments.js';
export type { QrSession } from './qr-create.js';
export type { QrStateWord, QrStatus, QrStatusCode } from './qr-status.js';
export { isFinalQrStatus, qrStateWord } from './qr-status.js';
export type { ShopOrder } from './shop-order-record.js';
export type { ShopEdition, ShopOrderPage } from './shop-orders.js';
