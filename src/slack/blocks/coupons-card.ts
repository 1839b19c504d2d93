import type { types } from '@slack/bolt';
import type { Coupon, CouponKind } from '../../gateway/operations/index.js';
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
import { code, esc, plural, when } from './format.js';
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

const KIND_WORDS: Record<CouponKind, string> = {
  takeout: 'Takeout',
  flash: 'Flash-purchase',
};

function couponLine(c: Coupon, timeZone: string): string {
  const money = c.moneyText.trim() ? `¥${esc(c.moneyText, 30)}` : '—';
  const min = c.minUseMoneyText.trim() ? ` (min spend ¥${esc(c.minUseMoneyText, 30)})` : '';
  const code_ = c.code.trim() ? ` · code \`${code(c.code, 80)}\`` : '';
  const valid = `valid ${when(c.begins, timeZone)} – ${when(c.ends, timeZone)}`;
  return `${when(c.claimedAt, timeZone)} · *${esc(c.name, 150) || 'Unnamed coupon'}* · ${money}${min}${code_} · ${valid}`;
}

/** Coupon claims (operation 4), merged over 7-day windows, one Slack page of rows. */
export function couponsCard(view: CouponsView, opts: CardOptions): SlackMessage {
  const tz = opts.timeZone;
  const context = [
    `${KIND_WORDS[view.kind]} coupons claimed ${when(view.from, tz)} – ${when(view.to, tz)}`,
    `${plural(view.total, 'claim')} in total`,
    ...(view.windows > 1 ? [`merged from ${view.windows} gateway calls of up to 7 days`] : []),
    `page ${view.humanPage} of ${view.totalPages}`,
  ].join(' · ');
  const lines = view.rows.map((c) => couponLine(c, tz));
  const room = MESSAGE_BUDGET - 2 - FOOTER_BLOCKS;
  const blocks: types.KnownBlock[] = [
    header(`Coupons · ${view.sid}`),
    contextLine(context),
    ...(lines.length
      ? packLines(lines, room)
      : [section('No coupons were claimed in this window.')]),
    ...cardFooter(opts, pagerButtons(ACTION.couponsPage, view.prevValue, view.nextValue)),
  ];
  const text = `Coupons for ${view.sid}: ${plural(view.total, 'claim')}, page ${view.humanPage} of ${view.totalPages}`;
  return { text: esc(text, 400), blocks };
}
