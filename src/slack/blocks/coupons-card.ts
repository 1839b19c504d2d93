import type { types } from '@slack/bolt';
import type { Coupon, CouponKind } from '../../gateway/operations/index.js';
import type { Translate } from '../../i18n/translator.js';
import {
  type CardOptions,
  cardFooter,
  contextLine,
  FOOTER_BLOCKS,
  header,
  MESSAGE_BUDGET,
  packLines,
  pagerButtons,
  section,
} from './card-parts.js';
import { code, esc, when } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';

/** One Slack page of coupon claims over a window that may span several 7-day gateway calls. */
export interface CouponsView {
  sid: string;
  kind: CouponKind;
  from: Date;
  to: Date;
  /** How many ≤7-day gateway calls were merged into this result. */
  windows: number;
  total: number;
  /** This Slack page's rows only. */
  rows: Coupon[];
  humanPage: number;
  totalPages: number;
  prevValue?: string;
  nextValue?: string;
}

/** Rows per Slack page: a row is at most ~500 characters, so 20 rows take about 4 sections. */
export const COUPONS_PER_SLACK_PAGE = 20;

export const COUPONS_PREV = `${ACTION.couponsPage}_prev`;
export const COUPONS_NEXT = `${ACTION.couponsPage}_next`;

function couponLine(c: Coupon, timeZone: string, t: Translate): string {
  const money = c.moneyText.trim() ? `¥${esc(c.moneyText, 30)}` : '—';
  const min = c.minUseMoneyText.trim()
    ? ` (${t('lookup.coupons.minSpend', { money: `¥${esc(c.minUseMoneyText, 30)}` })})`
    : '';
  const code_ = c.code.trim()
    ? ` · ${t('lookup.coupons.code', { code: `\`${code(c.code, 80)}\`` })}`
    : '';
  const valid = t('lookup.coupons.valid', {
    from: when(c.begins, timeZone),
    to: when(c.ends, timeZone),
  });
  const name = esc(c.name, 150) || t('lookup.coupons.unnamed');
  return `${when(c.claimedAt, timeZone)} · *${name}* · ${money}${min}${code_} · ${valid}`;
}

/** Coupon claims (operation 4), merged over 7-day windows, one Slack page of rows. */
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
  const lines = view.rows.map((c) => couponLine(c, tz, t));
  const room = MESSAGE_BUDGET - 2 - FOOTER_BLOCKS;
  const blocks: types.KnownBlock[] = [
    header(t('lookup.coupons.title', { sid: view.sid })),
    contextLine(context),
    ...(lines.length ? packLines(lines, room, t) : [section(t('lookup.coupons.none'))]),
    ...cardFooter(opts, pagerButtons(ACTION.couponsPage, view.prevValue, view.nextValue, t)),
  ];
  const text = t('lookup.coupons.text', { sid: view.sid, n: view.total, ...page });
  return { text: esc(text, 400), blocks };
}
