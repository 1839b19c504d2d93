import type { types } from '@slack/bolt';
import type { Coupon, CouponKind } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
import {
  type CardOptions,
  cardFooter,
  contextLine,
  header,
  pagerButtons,
  section,
} from './card-parts.js';
import { count, esc, when } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';
import { type Column, recordTable, TABLE_RECORDS } from './record-table.js';
import { tableMoreLine } from './table-more.js';

/** One page of coupon claims over a window that may span several 7-day gateway calls. */
export interface CouponsView {
  sid: string;
  kind: CouponKind;
  from: Date;
  to: Date;
  /** How many ≤7-day gateway calls were merged into this result. */
  windows: number;
  total: number;
  /** The rows the table shows: gateway page `humanPage` of every window, merged, up to 99. */
  rows: Coupon[];
  /** How many rows the page has (more than `rows` when it was cut); `rows.length` if absent. */
  onPage?: number;
  humanPage: number;
  totalPages: number;
  prevValue?: string;
  nextValue?: string;
}

export const COUPONS_PREV = `${ACTION.couponsPage}_prev`;
export const COUPONS_NEXT = `${ACTION.couponsPage}_next`;

function columns(timeZone: string, t: Translate): Column<Coupon>[] {
  return [
    { title: t('table.coupons.claimedAt'), cell: (c) => when(c.claimedAt, timeZone) },
    {
      title: t('table.coupons.name'),
      cell: (c) => c.name.trim() || t('lookup.coupons.unnamed'),
      wrap: true,
    },
    { title: t('table.coupons.amount'), cell: (c) => c.moneyText, align: 'right' },
    { title: t('table.coupons.minSpend'), cell: (c) => c.minUseMoneyText, align: 'right' },
    { title: t('table.coupons.code'), cell: (c) => c.code },
    { title: t('table.coupons.validFrom'), cell: (c) => when(c.begins, timeZone) },
    { title: t('table.coupons.validTo'), cell: (c) => when(c.ends, timeZone) },
  ];
}

/** Coupon claims (operation 4), merged over 7-day windows, one page of rows as a table. */
export function couponsCard(view: CouponsView, opts: CardOptions & { t: Translate }): SlackMessage {
  const { t } = opts;
  const tz = opts.timeZone;
  const page = { page: view.humanPage, pages: view.totalPages };
  const context = [
    t('lookup.coupons.claimed', {
      kind: t(`lookup.coupons.kind.${view.kind}`),
      from: when(view.from, tz),
      to: when(view.to, tz),
    }),
    t('lookup.coupons.total', { n: view.total }),
    ...(view.windows > 1 ? [t('lookup.coupons.merged', { n: view.windows })] : []),
    t('lookup.coupons.page', page),
  ].join(' · ');
  const shown = view.rows.slice(0, TABLE_RECORDS);
  const onPage = Math.max(view.onPage ?? 0, view.rows.length);
  const left = onPage - shown.length;
  const blocks: types.KnownBlock[] = [
    header(t('lookup.coupons.title', { sid: view.sid })),
    contextLine(context),
    shown.length ? recordTable(columns(tz, t), shown) : section(t('lookup.coupons.none')),
    ...(left > 0 ? [contextLine(tableMoreLine(left, '/coupons export', t))] : []),
    ...cardFooter(opts, pagerButtons(ACTION.couponsPage, view.prevValue, view.nextValue, t)),
  ];
  const text = t('table.coupons.text', {
    sid: view.sid,
    n: onPage,
    total: count(view.total),
    ...page,
  });
  return { text: esc(text, 400), blocks };
}
