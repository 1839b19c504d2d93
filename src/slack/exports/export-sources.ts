import {
  type ExportRow,
  type ExportSource,
  ExportStop,
  type FetchedPage,
} from '../../exports/index.js';
import { GatewayError } from '../../gateway/errors.js';
import type { CouponPage } from '../../gateway/operations/coupons.js';
import type { ShopOrderPage } from '../../gateway/operations/shop-orders.js';
import { gatewayErrorText } from '../../i18n/gateway-error-text.js';
import { isLocale } from '../../i18n/locales.js';
import { type Translate, translator } from '../../i18n/translator.js';
import { fromCacheJson } from '../../store/shared-cache.js';
import { UserFacingError } from '../blocks/error-card.js';
import { PageCache } from '../caches/page-cache.js';
import type { AppDeps } from '../deps.js';
import { cachedQuery } from '../lookup/cached-query.js';
import { splitWindows } from '../lookup/coupons-pages.js';
import { postedLocale } from '../settings/language.js';
import type { CouponsExportArgs, ExportArgs, ShopOrdersExportArgs } from './export-args.js';
import { couponCells, csvHeader, shopOrderCells } from './export-rows.js';

export const argsOf = (row: Pick<ExportRow, 'args_json'>) =>
  fromCacheJson<ExportArgs>(row.args_json);

/** Export pages are bought in the background, audited under the command that asked for them. */
const whoOf = (row: ExportRow) => ({
  teamId: row.workspace_id,
  userId: row.user_id,
  channelId: row.channel_id,
  origin: row.kind === 'coupons' ? '/coupons export' : '/shoporders export',
  ...(row.approved_by ? { approvedBy: row.approved_by } : {}),
});

/**
 * A refusal worth telling becomes the export's end, in the words of the progress message's
 * language (`t`); a passing failure is tried again.
 */
function stopOrRethrow(err: unknown, t: Translate): never {
  if (err instanceof UserFacingError) {
    if (err.kind === 'budget') throw new ExportStop('budget', t('exports.note.budget'));
    throw new ExportStop('failed', err.words?.(t).detail ?? err.detail);
  }
  if (err instanceof GatewayError && !err.retryable) {
    const { meaning, remedy } = gatewayErrorText(t, err);
    throw new ExportStop('failed', `${meaning}. ${remedy}.`);
  }
  throw err;
}

/**
 * Where export rows come from: the same gateway pages, under the same page-cache keys, as the
 * cards' (a page bought for a card within 5 min is reused, and costs the export nothing), each
 * call budget-checked and sent as background work.
 */
export function exportSource(deps: AppDeps): ExportSource {
  const zone = deps.config.gateway.timeZone;
  const maxRows = deps.config.export.maxRows;
  const onError = (err: unknown) => deps.logger.warn({ err }, 'export page not cached');
  const shopPages = new PageCache<ShopOrderPage>(deps.cache, onError);
  const couponPages = new PageCache<CouponPage>(deps.cache, onError);
  const tOf = async (row: ExportRow) => translator(await postedLocale(deps, row));

  async function shopOrders(
    row: ExportRow,
    a: ShopOrdersExportArgs,
    cursor: unknown,
    mayStillSend?: () => boolean,
  ) {
    const g = typeof cursor === 'number' ? cursor : 0;
    const input = { ...a.input, page: g };
    let points = 0;
    const page = await cachedQuery(deps, shopPages, 'shopOrders', input, whoOf(row), {
      background: true,
      mayStillSend,
      onPoints: (p) => {
        points = p;
      },
    }).catch(async (err: unknown) => stopOrRethrow(err, await tOf(row)));
    const size = a.input.pageSize;
    const pages = Math.min(Math.ceil(page.total / size), Math.ceil(maxRows / size));
    const more = g + 1 < pages && page.orders.length > 0;
    return {
      rows: page.orders.map((o) => shopOrderCells(o, zone)),
      points,
      next: more ? g + 1 : undefined,
      totalPages: Math.max(1, pages),
    } satisfies FetchedPage;
  }

  interface CouponCursor {
    w: number;
    g: number;
    /** Each window's total once its first page is in. */
    totals: (number | null)[];
  }

  async function coupons(
    row: ExportRow,
    a: CouponsExportArgs,
    cursor: unknown,
    mayStillSend?: () => boolean,
  ) {
    const windows = splitWindows(new Date(a.start), new Date(a.end));
    const c: CouponCursor = (cursor as CouponCursor | undefined) ?? {
      w: 0,
      g: 1,
      totals: windows.map(() => null),
    };
    const w = windows[c.w]!;
    const input = {
      sid: a.sid,
      kind: a.couponKind,
      start: w.start,
      end: w.end,
      page: c.g,
      limit: a.limit,
    };
    let points = 0;
    const page = await cachedQuery(deps, couponPages, 'coupons', input, whoOf(row), {
      background: true,
      mayStillSend,
      onPoints: (p) => {
        points = p;
      },
    }).catch(async (err: unknown) => stopOrRethrow(err, await tOf(row)));
    const totals = c.totals.map((t, i) => (i === c.w ? page.total : t));
    const pagesOf = (t: number) => Math.max(1, Math.ceil(t / a.limit));
    let next: CouponCursor | undefined;
    if (c.g < pagesOf(page.total) && page.rows.length > 0) next = { ...c, g: c.g + 1, totals };
    else if (c.w + 1 < windows.length) next = { w: c.w + 1, g: 1, totals };
    const known = totals.every((t) => t !== null);
    const allPages = known ? totals.reduce<number>((n, t) => n + pagesOf(t ?? 0), 0) : undefined;
    return {
      rows: page.rows.map((r) => couponCells(r, zone)),
      points,
      next,
      totalPages: allPages,
    } satisfies FetchedPage;
  }

  return {
    header: (row) => {
      const lang = row.csv_header;
      return csvHeader(argsOf(row).kind, lang && isLocale(lang) ? translator(lang) : undefined);
    },
    async fetch(row, cursor, mayStillSend) {
      const a = argsOf(row);
      return a.kind === 'coupons'
        ? coupons(row, a, cursor, mayStillSend)
        : shopOrders(row, a, cursor, mayStillSend);
    },
  };
}
