import { createHash } from 'node:crypto';
import { nextBaseGap, type QrSchedule } from '../src/qr/schedule.js';
import type { RequestRecord } from '../src/sandbox/index.js';
import { percentile, round } from './stats.js';

export const GAP_KINDS = ['qr', 'watch', 'subscription'] as const;
export type GapKind = (typeof GAP_KINDS)[number];

/** One background item as the gateway sees it: which requests are its checks, and its schedule. */
export interface Item {
  kind: GapKind;
  /** Its checks: requests of this operation about this subject (with this token, when given). */
  op: RequestRecord['op'];
  subject: string;
  tokenTag?: string;
  /** Epoch ms (the sandbox's clock) its schedule counts from. */
  createdAt: number;
  /** Epoch ms its watch ends by (its timeout, or the end of the run): no check owed after. */
  endsAt: number;
}

/** The request log's fingerprint of a token (src/sandbox/router.ts): a hash prefix, never the token. */
export const tokenTag = (token: string) =>
  createHash('sha256').update(token).digest('hex').slice(0, 12);

/** The gap each check is owed: QR as its schedule grows, the others a fixed interval. */
export interface Schedules {
  qr: QrSchedule;
  watchMs: number;
  subscriptionMs: number;
}

/**
 * The scheduled (base) gap before each check of an item, from its creation: QR checks every
 * `firstMs` in their dense first minute, then each gap the previous one × growth up to the cap
 * (docs/usage/qr-onboarding.md); watches and subscriptions a fixed interval. Each may move ±10 %.
 */
function baseGaps(item: Item, offsets: readonly number[], s: Schedules): (i: number) => number {
  if (item.kind === 'watch') return () => s.watchMs;
  if (item.kind === 'subscription') return () => s.subscriptionMs;
  const bases: number[] = [];
  let base = nextBaseGap(s.qr, 0);
  for (let i = 0; i <= offsets.length; i++) {
    bases.push(base);
    base = nextBaseGap(s.qr, base, offsets[i] ?? Number.POSITIVE_INFINITY, s.qr.denseMs);
  }
  return (i) => bases[i]!;
}

interface ItemGaps {
  overshootsMs: number[];
  /** Gaps that left a whole scheduled gap unchecked beyond the one owed (+10 %). */
  wholeGapsMissed: number;
  /** Whether the first of those was the first gap (from creation to the first check). */
  firstGapMissed: boolean;
  /** Checks closer than half their scheduled gap to the one before. */
  duplicates: number;
}

/** Each gap of one item against its schedule, the first counted from its creation. */
function itemGaps(item: Item, at: readonly number[], s: Schedules, until: number): ItemGaps {
  const offsets = at.map((t) => t - item.createdAt);
  const base = baseGaps(item, offsets, s);
  const out: ItemGaps = {
    overshootsMs: [],
    wholeGapsMissed: 0,
    firstGapMissed: false,
    duplicates: 0,
  };
  const end = Math.min(item.endsAt, until);
  let previous = item.createdAt;
  for (let i = 0; i <= at.length; i++) {
    const last = i === at.length;
    const gap = (last ? end : at[i]!) - previous;
    const owed = base(i) * 1.1;
    // After the last check only a gap already past its due time counts.
    if (!last || gap > owed) {
      out.overshootsMs.push(Math.max(0, gap - owed));
      if (gap > owed + base(i)) {
        if (out.wholeGapsMissed === 0 && i === 0) out.firstGapMissed = true;
        out.wholeGapsMissed++;
      }
    }
    if (!last && i > 0 && gap < base(i) / 2) out.duplicates++;
    if (!last) previous = at[i]!;
  }
  return out;
}

/**
 * Gaps between the checks of every item as the sandbox logged them, by kind: the p99 and largest
 * overshoot past the scheduled gap + 10 %, the items that went a whole gap unchecked (named), and
 * checks closer than half their scheduled gap (the same check made twice).
 */
export function gapFigures(
  records: readonly RequestRecord[],
  items: readonly Item[],
  s: Schedules,
  until: number,
) {
  const checks = new Map<string, number[]>();
  const keyOf = (op: string | null, subject: string | null, tag: string | null | undefined) =>
    `${op}\u0000${subject}\u0000${tag ?? ''}`;
  const tagged = new Set(items.filter((i) => i.tokenTag !== undefined).map((i) => i.op));
  for (const r of records) {
    if (r.code === 202) continue; // refused by the limit: not a check
    const key = keyOf(r.op, r.subject, tagged.has(r.op) ? r.tokenTag : undefined);
    (checks.get(key) ?? checks.set(key, []).get(key)!).push(r.at);
  }
  const out: Record<string, number | string | null> = {};
  for (const kind of GAP_KINDS) {
    const mine = items.filter((i) => i.kind === kind);
    const over: number[] = [];
    const missed: string[] = [];
    let duplicates = 0;
    let count = 0;
    let firstGap = 0;
    for (const item of mine) {
      const at = (checks.get(keyOf(item.op, item.subject, item.tokenTag)) ?? [])
        .filter((t) => t > item.createdAt && t <= Math.min(item.endsAt, until))
        .sort((a, b) => a - b);
      count += at.length;
      const g = itemGaps(item, at, s, until);
      over.push(...g.overshootsMs);
      duplicates += g.duplicates;
      if (g.firstGapMissed) firstGap++;
      if (g.wholeGapsMissed > 0) {
        missed.push(item.tokenTag ? `${item.tokenTag}/${item.subject}` : item.subject);
      }
    }
    out[`${kind}Items`] = mine.length;
    out[`${kind}Checks`] = count;
    out[`${kind}GapOvershootP99S`] = over.length ? round(percentile(over, 0.99) / 1000) : null;
    out[`${kind}GapOvershootMaxS`] = over.length ? round(Math.max(...over) / 1000) : null;
    out[`${kind}ItemsAWholeGapUnchecked`] = missed.length;
    // Information: of those, the items whose first check came a whole gap late (set-up).
    out[`${kind}ItemsTheirFirstGapUnchecked`] = firstGap;
    out[`${kind}Duplicates`] = duplicates;
    if (missed.length) {
      const more = missed.length > 20 ? ` … ${missed.length - 20} more` : '';
      out[`${kind}UncheckedItems`] = missed.slice(0, 20).join(' ') + more;
    }
  }
  return out;
}
