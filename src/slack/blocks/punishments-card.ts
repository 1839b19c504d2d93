import type { types } from '@slack/bolt';
import type { PunishmentOrder, PunishmentPage } from '../../gateway/operations/index.js';
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

function columns(timeZone: string, t: Translate): Column<PunishmentOrder>[] {
  return [
    {
      title: t('table.punishments.status'),
      cell: (r) => (r.punishStatus === '0' ? t('lookup.punishments.frozen') : r.punishStatusWord),
    },
    { title: t('table.punishments.violation'), cell: (r) => r.violationWord, wrap: true },
    { title: t('table.punishments.trade'), cell: (r) => r.platTradeId },
    { title: t('table.punishments.created'), cell: (r) => when(r.tradeCreatedAt, timeZone) },
    { title: t('table.punishments.settles'), cell: (r) => r.settleMonth },
    { title: t('table.punishments.relation'), cell: (r) => r.relationId },
    {
      title: t('table.punishments.pid'),
      cell: (r) => [r.pubId, r.siteId, r.adzoneId].map((s) => s.trim() || '—').join(' / '),
    },
  ];
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

/** Affiliate punishment orders (operation 5), one gateway page as a table. */
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
  const left = Math.max(0, page.rows.length - TABLE_RECORDS);
  const blocks: types.KnownBlock[] = [
    header(t('lookup.punishments.title', { id: view.platformUserId })),
    contextLine(context),
    ...(error ? [section(error)] : []),
    page.rows.length
      ? recordTable(columns(opts.timeZone, t), page.rows)
      : section(t('lookup.punishments.none')),
    // There is no /punishments export: a smaller page is the way to the rest.
    ...(left > 0 ? [contextLine(tableMoreLine(left, undefined, t))] : []),
    ...cardFooter(opts, pagerButtons(ACTION.punishmentsPage, view.prevValue, view.nextValue, t)),
  ];
  const errorCode = page.bizErrorCode ? ` ${page.bizErrorCode}` : '';
  const errorText = hasBizError(page) ? t('lookup.punishments.textError', { code: errorCode }) : '';
  const text = t('table.punishments.text', {
    id: view.platformUserId,
    n: page.rows.length,
    total: count(page.page.totalCount),
    ...pages,
    error: errorText,
  });
  return { text: esc(text, 400), blocks };
}
