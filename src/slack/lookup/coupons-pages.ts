import {
  COUPON_WINDOW_MAX_MS,
  type CouponKind,
  type CouponPage,
} from '../../gateway/operations/coupons.js';
import { type CouponsView, couponsCard } from '../blocks/coupons-card.js';
import { refusal } from '../blocks/error-card.js';
import { type Asker, clickedBy, type SlackMessage } from '../blocks/message.js';
import { TABLE_RECORDS } from '../blocks/record-table.js';
import { type PageRef, pageRefValue } from '../blocks/values.js';
import { keyedStore } from '../caches/keyed-store.js';
import { PageCache } from '../caches/page-cache.js';
import { perDeps } from '../caches/per-deps.js';
import { RESULT_TTL_MS } from '../caches/shared-results.js';
import type { AppDeps } from '../deps.js';
import { cachedQuery } from './cached-query.js';
import { readerT } from './reader.js';

export interface CouponsArgs {
  sid: string;
  kind: CouponKind;
  start?: Date;
  end?: Date;
  page: number;
  limit: number;
}

interface Window {
  start: Date;
  end: Date;
}

export type CouponsCard = {
  kind: 'coupons';
  view: CouponsView;
};

interface CouponQuery {
  who: Asker;
  args: Required<Pick<CouponsArgs, 'sid' | 'kind' | 'page' | 'limit'>> & Window;
  windows: Window[];
  /** Each window's total, learned from its first answer. */
  totals?: number[];
}

const SECOND = 1000;

/**
 * Consecutive windows of at most 7 days covering [start, end]; each ends one second before the
 * next begins, so a claim on a boundary second is counted once (the gateway's window is inclusive).
 */
export function splitWindows(start: Date, end: Date): Window[] {
  const out: Window[] = [];
  for (let s = start.getTime(); s < end.getTime(); s += COUPON_WINDOW_MAX_MS) {
    const e = Math.min(end.getTime(), s + COUPON_WINDOW_MAX_MS - SECOND);
    out.push({ start: new Date(s), end: new Date(Math.max(e, s + SECOND)) });
  }
  return out;
}

/** Rows gateway page `g` (1-based) holds across windows, from the windows' totals. */
function rowsOnPage(totals: number[], g: number, size: number): number[] {
  return totals.map((t) => Math.min(size, Math.max(0, t - (g - 1) * size)));
}

export function createCoupons(deps: AppDeps) {
  const pages = new PageCache<CouponPage>(deps.cache, (err) =>
    deps.logger.warn({ err }, 'coupons page not cached'),
  );
  const queries = keyedStore<CouponQuery>(deps.cache, 'query:coupons', RESULT_TTL_MS);
  const timeZone = deps.config.gateway.timeZone;

  const fetchWindow = (q: CouponQuery, w: Window, g: number) => {
    const input = {
      sid: q.args.sid,
      kind: q.args.kind,
      start: w.start,
      end: w.end,
      page: g,
      limit: q.args.limit,
    };
    return cachedQuery(deps, pages, 'coupons', input, q.who);
  };

  /** Merged gateway page g; windows known to have no rows on it are not bought. */
  async function merged(q: CouponQuery, g: number) {
    const need = q.totals ? rowsOnPage(q.totals, g, q.args.limit) : q.windows.map(() => 1);
    const answers = await Promise.all(
      q.windows.map((w, i) => (need[i]! > 0 ? fetchWindow(q, w, g) : undefined)),
    );
    if (!q.totals) q.totals = answers.map((a) => a?.total ?? 0);
    return answers.flatMap((a) => a?.rows ?? []);
  }

  /** Pages of the merged result: as many as the window with the most gateway pages has. */
  const pageCount = (q: CouponQuery) =>
    Math.max(1, ...(q.totals ?? []).map((t) => Math.ceil(t / q.args.limit)));

  /** Page `humanPage` is gateway page `humanPage` of every window, merged and sorted. */
  async function render(qKey: string, q: CouponQuery, humanPage: number): Promise<SlackMessage> {
    if (!q.totals) await merged(q, q.args.page);
    const totalPages = pageCount(q);
    const human = Math.min(totalPages, Math.max(1, humanPage));
    const rows = (await merged(q, human)).sort(
      (a, b) => (a.claimedAt?.getTime() ?? 0) - (b.claimedAt?.getTime() ?? 0),
    );
    const value = (p: number) => pageRefValue({ q: qKey, p });
    const view = {
      sid: q.args.sid,
      kind: q.args.kind,
      from: q.args.start,
      to: q.args.end,
      windows: q.windows.length,
      total: (q.totals ?? []).reduce((a, b) => a + b, 0),
      // The card shows 99 at most; the card kept for "Share in channel" keeps no more.
      rows: rows.slice(0, TABLE_RECORDS),
      onPage: rows.length,
      humanPage: human,
      totalPages,
      prevValue: human > 1 ? value(human - 1) : undefined,
      nextValue: human < totalPages ? value(human + 1) : undefined,
    };
    const card: CouponsCard = { kind: 'coupons', view };
    const shareKey = await deps.results.put({ ...q.who, card });
    return couponsCard(view, { timeZone, shareKey, t: readerT(q.who) });
  }

  return {
    async run(args: CouponsArgs, who: Asker): Promise<SlackMessage> {
      const now = deps.clock();
      if (args.start && args.start > now) {
        throw refusal((t) => ({
          title: t('lookup.coupons.future.title'),
          detail: t('lookup.coupons.future.detail'),
        }));
      }
      // Default window: the last 7 days; a lone `from` or `to` makes one 7-day window.
      const end =
        args.end ??
        (args.start
          ? new Date(Math.min(now.getTime(), args.start.getTime() + COUPON_WINDOW_MAX_MS))
          : now);
      const start = args.start ?? new Date(end.getTime() - COUPON_WINDOW_MAX_MS);
      const q: CouponQuery = {
        who,
        args: { sid: args.sid, kind: args.kind, page: args.page, limit: args.limit, start, end },
        windows: splitWindows(start, end),
      };
      // Learn each window's total first, so the query kept for the paging buttons has them.
      await merged(q, q.args.page);
      return render(await queries.put(q), q, q.args.page);
    },
    async page(ref: PageRef, clicker: Asker): Promise<SlackMessage | undefined> {
      const q = await queries.get(ref.q);
      // Another workspace's button (a shared channel, a forged value) is as good as expired.
      if (!q || q.who.teamId !== clicker.teamId) return undefined;
      return render(ref.q, { ...q, who: clickedBy(q.who, clicker) }, Math.max(1, ref.p));
    },
  };
}

export type Coupons = ReturnType<typeof createCoupons>;

/** This app's /coupons memory, shared by the command and its paging. */
export const couponsOf = perDeps(createCoupons);
