import type { CouponKind } from '../../gateway/operations/coupons.js';
import type { ShopOrdersInput } from '../../gateway/operations/shop-orders.js';

/** What a /shoporders export fetches: the lookup's input; its page is the export's to choose. */
export interface ShopOrdersExportArgs {
  kind: 'shopOrders';
  input: ShopOrdersInput;
}

/** What a /coupons export fetches: the window fixed when it was asked for, split into ≤ 7 days. */
export interface CouponsExportArgs {
  kind: 'coupons';
  sid: string;
  couponKind: CouponKind;
  start: Date;
  end: Date;
  limit: number;
}

export type ExportArgs = ShopOrdersExportArgs | CouponsExportArgs;
