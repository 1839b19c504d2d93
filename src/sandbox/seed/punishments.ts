import { rngFor } from './rng.js';
import { DAY_MS, wallClock } from './wall-time.js';

export type PunishWire = Record<string, string | number>;

export interface SeededPunishment {
  /** epoch ms of aff_trade_create_time; what start_time / span filter on */
  createdMs: number;
  relationId: number;
  platTradeId: number;
  siteId: number;
  adzoneId: number;
  wire: PunishWire;
}

export const PUNISH_USERS = ['1688000101', '1688000102'] as const;
export const PUNISH_DAYS = 60;

/** Number-typed fields arrive as strings on some items, as the request sample does for the user id. */
function num(i: number, v: number): number | string {
  return i % 3 === 2 ? String(v) : v;
}

export function seedPunishments(seed: number, anchorDay: number): Map<string, SeededPunishment[]> {
  return new Map(
    PUNISH_USERS.map((user, u) => {
      const ur = rngFor(seed, 'affiliate', user);
      const pubId = Number(ur.digits(8));
      const sites = [Number(ur.digits(9)), Number(ur.digits(9))];
      const adzones = [Number(ur.digits(11)), Number(ur.digits(11)), Number(ur.digits(11))];
      const relations = [Number(ur.digits(10)), Number(ur.digits(10))];
      const count = u === 0 ? 45 : 12;
      const items = Array.from({ length: count }, (_, i): SeededPunishment => {
        const r = rngFor(seed, 'punishment', user, i);
        const createdMs = anchorDay - r.int(1, PUNISH_DAYS) * DAY_MS + r.int(0, 86_399) * 1000;
        const wall = wallClock(createdMs);
        const settle = Number(wall.slice(0, 4) + wall.slice(5, 7));
        const platTradeId = Number(`${r.int(1, 4)}${r.digits(15)}`);
        const siteId = r.pick(sites);
        const adzoneId = r.pick(adzones);
        const relationId = r.pick(relations);
        return {
          createdMs,
          relationId,
          platTradeId,
          siteId,
          adzoneId,
          wire: {
            union_id: '',
            special_id: 0,
            relation_id: num(i, relationId),
            settle_month: num(i, settle),
            punish_status: i % 2 === 0 ? '0' : '1',
            violation_type: r.chance(0.7) ? '2' : '1',
            aff_trade_create_time: wall,
            plat_trade_id: num(i, platTradeId),
            plat_trade_parent_id: num(i, platTradeId),
            aff_adzone_id: num(i, adzoneId),
            aff_site_id: num(i, siteId),
            aff_pub_id: num(i, pubId),
          },
        };
      });
      return [user, items.sort((a, b) => b.createdMs - a.createdMs)];
    }),
  );
}
