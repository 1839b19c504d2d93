import { rngFor } from './rng.js';
import { DAY_MS, wallClock } from './wall-time.js';

export interface SeededCoupon {
  sid: string;
  /** 4 takeout, 6 flash purchase (the request's `type`) */
  kind: 4 | 6;
  /** epoch seconds of the claim; what startTime..endTime filter on */
  claimedAt: number;
  wire: Record<string, string>;
}

/** The last sid has claims only in the oldest weeks, so a default "last 7 days" query is empty. */
export const COUPON_SIDS = ['mt_qd_20001', 'mt_qd_20002', 'mt_qd_20003'] as const;
export const COUPON_WEEKS = 5;

const NAMES = {
  4: ['Lunch ¥5 off', 'Breakfast ¥3 off', 'Late-night ¥8 off', 'Weekend ¥10 off'],
  6: ['Flash fruit ¥6 off', 'Flash grocery ¥4 off', 'Flash flowers ¥12 off'],
} as const;

export function seedCoupons(seed: number, anchorDay: number): SeededCoupon[] {
  return COUPON_SIDS.flatMap((sid, s) => {
    const sr = rngFor(seed, 'coupon-channel', sid);
    const appKey = `ak_${sr.hex(16)}`;
    const days = s === 2 ? { from: COUPON_WEEKS * 7, to: 21 } : { from: COUPON_WEEKS * 7, to: 1 };
    const out: SeededCoupon[] = [];
    for (let back = days.from; back >= days.to; back -= 1) {
      const r = rngFor(seed, 'coupon-day', sid, back);
      for (let n = r.int(0, 6); n > 0; n -= 1) {
        const kind = r.chance(0.75) ? 4 : 6;
        const claimedMs = anchorDay - back * DAY_MS + r.int(7 * 3600, 23 * 3600) * 1000;
        const claimedAt = Math.floor(claimedMs / 1000);
        const money = r.pick([3, 4, 5, 6, 8, 10, 12]);
        out.push({
          sid,
          kind,
          claimedAt,
          wire: {
            appKey,
            sid,
            couponTime: wallClock(claimedMs),
            money: String(money),
            minUseMoney: String(money * r.pick([3, 4, 5])),
            couponName: r.pick(NAMES[kind]),
            couponType: 'WAIMAI_COUPON',
            couponCode: `CP${r.digits(16)}`,
            beginTime: String(claimedAt),
            endTime: String(claimedAt + r.int(3, 7) * 86_400),
          },
        });
      }
    }
    return out.sort((a, b) => a.claimedAt - b.claimedAt);
  });
}
