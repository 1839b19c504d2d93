import type { types } from '@slack/bolt';
import type { PunishmentOrder, PunishmentPage } from '../../gateway/operations/index.js';
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

/** One page of punishment orders as the gateway returned it. */
export interface PunishmentsView {
  platformUserId: string;
  page: PunishmentPage;
  humanPage: number;
  totalPages: number;
  prevValue?: string;
  nextValue?: string;
}

export const PUNISHMENTS_PREV = `${ACTION.punishmentsPage}_prev`;
export const PUNISHMENTS_NEXT = `${ACTION.punishmentsPage}_next`;

const id = (text: string) => (text.trim() ? `\`${code(text, 40)}\`` : '—');

function rowLine(r: PunishmentOrder, timeZone: string): string {
  const status =
    r.punishStatus === '0' ? ':ice_cube: *frozen*' : `*${esc(r.punishStatusWord, 40)}*`;
  const pid = [r.pubId, r.siteId, r.adzoneId].map((s) => code(s, 40) || '—').join(' / ');
  return [
    status,
    esc(r.violationWord, 60),
    `trade ${id(r.platTradeId)}`,
    `created ${when(r.tradeCreatedAt, timeZone)}`,
    `settles ${esc(r.settleMonth, 20) || '—'}`,
    `relation ${id(r.relationId)}`,
    `pid (pub/site/adzone) \`${pid}\``,
  ].join(' · ');
}

// Code 0 with an empty description is how the gateway says "no business error".
const hasBizError = (page: PunishmentPage) =>
  (page.bizErrorCode !== undefined && page.bizErrorCode !== 0) || page.bizErrorDesc !== undefined;

function bizError(page: PunishmentPage): string | undefined {
  if (!hasBizError(page)) return undefined;
  const codeText = page.bizErrorCode === undefined ? '' : ` ${page.bizErrorCode}`;
  const desc = page.bizErrorDesc ? `: ${esc(page.bizErrorDesc, 1500)}` : '';
  return `:warning: *The gateway reported business error${codeText}*${desc}`;
}

/** Affiliate punishment orders (operation 5), one gateway page. */
export function punishmentsCard(view: PunishmentsView, opts: CardOptions): SlackMessage {
  const { page } = view;
  const error = bizError(page);
  const context = [
    `Page ${view.humanPage} of ${view.totalPages}`,
    `${plural(page.page.totalCount, 'punishment order')} in total`,
    `${page.rows.length} on this page`,
  ].join(' · ');
  const fixed = 2 + (error ? 1 : 0) + FOOTER_BLOCKS;
  const lines = page.rows.map((r) => rowLine(r, opts.timeZone));
  const blocks: types.KnownBlock[] = [
    header(`Punishment orders · ${view.platformUserId}`),
    contextLine(context),
    ...(error ? [section(error)] : []),
    ...(lines.length
      ? packLines(lines, MESSAGE_BUDGET - fixed)
      : [section('No punishment orders on this page.')]),
    ...cardFooter(opts, pagerButtons(ACTION.punishmentsPage, view.prevValue, view.nextValue)),
  ];
  const errorCode = page.bizErrorCode ? ` ${page.bizErrorCode}` : '';
  const errorText = hasBizError(page) ? ` (business error${errorCode})` : '';
  const text = `Punishment orders for ${view.platformUserId}: ${plural(page.page.totalCount, 'order')}, page ${view.humanPage} of ${view.totalPages}${errorText}`;
  return { text: esc(text, 400), blocks };
}
