import type { types } from '@slack/bolt';
import type { PunishmentOrder, PunishmentPage } from '../../gateway/operations/index.js';
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

function rowLine(r: PunishmentOrder, timeZone: string, t: Translate): string {
  const status =
    r.punishStatus === '0'
      ? `:ice_cube: *${t('lookup.punishments.frozen')}*`
      : `*${esc(r.punishStatusWord, 40)}*`;
  const pid = [r.pubId, r.siteId, r.adzoneId].map((s) => code(s, 40) || '—').join(' / ');
  return [
    status,
    esc(r.violationWord, 60),
    t('lookup.punishments.trade', { id: id(r.platTradeId) }),
    t('lookup.punishments.created', { at: when(r.tradeCreatedAt, timeZone) }),
    t('lookup.punishments.settles', { month: esc(r.settleMonth, 20) || '—' }),
    t('lookup.punishments.relation', { id: id(r.relationId) }),
    t('lookup.punishments.pid', { pid: `\`${pid}\`` }),
  ].join(' · ');
}

// Code 0 with an empty description is how the gateway says "no business error".
const hasBizError = (page: PunishmentPage) =>
  (page.bizErrorCode !== undefined && page.bizErrorCode !== 0) || page.bizErrorDesc !== undefined;

function bizError(page: PunishmentPage, t: Translate): string | undefined {
  if (!hasBizError(page)) return undefined;
  const codeText = page.bizErrorCode === undefined ? '' : ` ${page.bizErrorCode}`;
  const desc = page.bizErrorDesc ? `: ${esc(page.bizErrorDesc, 1500)}` : '';
  return `:warning: *${t('lookup.punishments.bizError', { code: codeText })}*${desc}`;
}

/** Affiliate punishment orders (operation 5), one gateway page. */
export function punishmentsCard(
  view: PunishmentsView,
  opts: CardOptions & { t: Translate },
): SlackMessage {
  const { t } = opts;
  const { page } = view;
  const error = bizError(page, t);
  const pages = { page: view.humanPage, pages: view.totalPages };
  const context = [
    t('lookup.punishments.page', pages),
    t('lookup.punishments.total', { n: page.page.totalCount }),
    t('lookup.punishments.onPage', { n: page.rows.length }),
  ].join(' · ');
  const fixed = 2 + (error ? 1 : 0) + FOOTER_BLOCKS;
  const lines = page.rows.map((r) => rowLine(r, opts.timeZone, t));
  const blocks: types.KnownBlock[] = [
    header(t('lookup.punishments.title', { id: view.platformUserId })),
    contextLine(context),
    ...(error ? [section(error)] : []),
    ...(lines.length
      ? packLines(lines, MESSAGE_BUDGET - fixed, t)
      : [section(t('lookup.punishments.none'))]),
    ...cardFooter(opts, pagerButtons(ACTION.punishmentsPage, view.prevValue, view.nextValue, t)),
  ];
  const errorCode = page.bizErrorCode ? ` ${page.bizErrorCode}` : '';
  const errorText = hasBizError(page) ? t('lookup.punishments.textError', { code: errorCode }) : '';
  const text = t('lookup.punishments.text', {
    id: view.platformUserId,
    n: page.page.totalCount,
    ...pages,
    error: errorText,
  });
  return { text: esc(text, 400), blocks };
}
