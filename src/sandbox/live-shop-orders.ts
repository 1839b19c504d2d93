import { liveShopOrder, type SeededShopOrder } from './seed/shop-orders.js';

export interface LiveShopOrders {
  /** The shop's orders confirmed by `now` since the sandbox started, newest first. */
  confirmedBy(ownerId: string, now: number): SeededShopOrder[];
  /** `count` new orders of the shop confirmed at `now` (a test, or the console); false for no shop. */
  add(ownerId: string, count: number, now: number): boolean;
}

/**
 * New orders of the seeded shops, so a channel subscription has something to find: with
 * `everyMs`, each shop gets one order confirmed every `everyMs` after the sandbox started
 * (time-driven and deterministic, as the live payment orders are); `add` makes more appear at
 * once. Without `everyMs` nothing appears by itself, so the seeded history stays as it was.
 */
export function createLiveShopOrders(opts: {
  seed: number;
  ownerIds: readonly string[];
  startedAt: number;
  everyMs?: number;
}): LiveShopOrders {
  const added = new Map<string, SeededShopOrder[]>(opts.ownerIds.map((id) => [id, []]));
  const timed = new Map<string, SeededShopOrder[]>(opts.ownerIds.map((id) => [id, []]));
  let counter = 0;

  /** The timed orders up to `now`, generated once each (oldest first). */
  function timedUpTo(ownerId: string, now: number): SeededShopOrder[] {
    const list = timed.get(ownerId)!;
    if (!opts.everyMs) return list;
    const due = Math.max(0, Math.floor((now - opts.startedAt) / opts.everyMs));
    for (let k = list.length + 1; k <= due; k++) {
      list.push(liveShopOrder(opts.seed, `${ownerId}:t`, k, opts.startedAt + k * opts.everyMs));
    }
    return list;
  }

  return {
    confirmedBy(ownerId, now) {
      if (!added.has(ownerId)) return [];
      const all = [...timedUpTo(ownerId, now), ...added.get(ownerId)!];
      return all.filter((o) => o.confirmMs <= now).sort((a, b) => b.confirmMs - a.confirmMs);
    },
    add(ownerId, count, now) {
      const list = added.get(ownerId);
      if (!list) return false;
      for (let i = 0; i < count; i++) {
        counter += 1;
        list.push(liveShopOrder(opts.seed, `${ownerId}:a`, counter, now));
      }
      return true;
    },
  };
}
