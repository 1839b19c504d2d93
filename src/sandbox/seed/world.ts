import { accountFor } from './accounts.js';
import { type SeededCoupon, seedCoupons } from './coupons.js';
import { type SeededPayOrder, seedPayOrders } from './pay-orders.js';
import { type SeededPunishment, seedPunishments } from './punishments.js';
import { type SeededShopOrder, seedShopOrders } from './shop-orders.js';
import { shanghaiDayStart } from './wall-time.js';

/** Everything the sandbox serves, generated once from (seed, anchor day). */
export interface World {
  seed: number;
  anchorDay: number;
  payOrders: SeededPayOrder[];
  shops: Map<string, SeededShopOrder[]>;
  coupons: SeededCoupon[];
  punishments: Map<string, SeededPunishment[]>;
  account(mediaMark: string): Record<string, unknown>;
}

export function seedWorld(
  seed: number,
  anchor: number,
  extraShopOwnerIds: readonly string[] = [],
): World {
  const anchorDay = shanghaiDayStart(anchor);
  return {
    seed,
    anchorDay,
    payOrders: seedPayOrders(seed, anchorDay),
    shops: seedShopOrders(seed, anchorDay, extraShopOwnerIds),
    coupons: seedCoupons(seed, anchorDay),
    punishments: seedPunishments(seed, anchorDay),
    account: (mediaMark) => accountFor(seed, mediaMark, anchorDay),
  };
}
