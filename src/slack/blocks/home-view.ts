import type { types } from '@slack/bolt';
import type { Translate } from '../../i18n/translator.js';
import { qrStateText } from '../../i18n/words.js';
import type { LedgerEntry, SpendReport } from '../../ledger/types.js';
import { budgetLine } from './budget-line.js';
import { escapeMrkdwn, moreLine, mrkdwn, plain } from './limits.js';
import { operationWord } from './operation-words.js';
import { dayBarsSection } from './spend-card.js';
import { localStamp, pointsWord } from './spend-format.js';
import { boldLabel, operationLines, totalWords } from './spend-report-lines.js';

export interface LiveQr {
  mediaMark: string;
  /** The document's QR state: 1 not scanned, 2 scanned, 3 expired. */
  state: number;
  channelId: string;
  createdAt: Date;
}

export interface HomeData {
  /** Local midnight → now. */
  today: SpendReport;
  /** The last 7 local days including today. */
  week: SpendReport;
  budget?: number;
  /** Newest first; the first 10 are shown. */
  recent: LedgerEntry[];
  liveQr: LiveQr[];
  /** The viewer's live order watches, one line each (absent: the section is left out). */
  watches?: string[];
  timeZone: string;
  sandbox: boolean;
}

const RECENT = 10;
const LIVE_QR = 15;

function recentLine(e: LedgerEntry, timeZone: string, t: Translate): string {
  const who = e.userId ? `<@${e.userId}>` : t('spend.scheduledWork');
  const points = pointsWord(e.points, t);
  const cost =
    e.kind === 'refund'
      ? t('home.refunded', { points })
      : e.unconfirmed
        ? t('home.chargeUnknown', { points })
        : points;
  const when = localStamp(e.createdAt, timeZone);
  return `• ${when} · ${who} · ${escapeMrkdwn(operationWord(e.operation, t))} · ${cost}`;
}

function qrLine(q: LiveQr, timeZone: string, t: Translate): string {
  const since = t('home.since', { since: localStamp(q.createdAt, timeZone) });
  const state =
    q.state === 1 || q.state === 2 || q.state === 3
      ? qrStateText(t, q.state)
      : t('home.qrState', { state: q.state });
  return `• \`${escapeMrkdwn(q.mediaMark.replace(/`/g, "'"))}\` · ${escapeMrkdwn(state)} · <#${q.channelId}> · ${since}`;
}

function listSection(title: string, lines: string[], empty: string): types.SectionBlock {
  return {
    type: 'section',
    text: mrkdwn(`*${title}*\n${lines.length > 0 ? lines.join('\n') : `_${empty}_`}`, 3000),
  };
}

/**
 * The App Home tab, in the viewer's language: spend today and this week, the budget, recent
 * queries, live QR sessions.
 */
export function homeView(d: HomeData, t: Translate): types.HomeView {
  const recent = d.recent.slice(0, RECENT).map((e) => recentLine(e, d.timeZone, t));
  const qr = d.liveQr.slice(0, LIVE_QR).map((q) => qrLine(q, d.timeZone, t));
  if (d.liveQr.length > LIVE_QR) qr.push(moreLine(d.liveQr.length - LIVE_QR, t));
  const today = t('home.today', { total: totalWords(d.today, t) });
  const week = t('home.last7Days', { total: totalWords(d.week, t) });
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(t('home.header'), 150) },
    { type: 'context', elements: [mrkdwn(t('home.daysIn', { timeZone: d.timeZone }))] },
    { type: 'divider' },
    listSection(today, operationLines(d.today, t), t('home.noCallsToday')),
    {
      type: 'section',
      text: mrkdwn(boldLabel(t('home.todayBudget'), budgetLine(d.budget, d.today.net, t), t)),
    },
    { type: 'divider' },
    listSection(week, operationLines(d.week, t), t('home.noCalls')),
    dayBarsSection(t('home.byDay'), d.week.byDay),
    { type: 'divider' },
    listSection(t('home.recent'), recent, t('home.noRecent')),
    listSection(t('home.liveQr'), qr, t('home.noLiveQr')),
    ...(d.watches
      ? [listSection(t('home.watches'), d.watches.slice(0, LIVE_QR), t('home.noWatches'))]
      : []),
  ];
  if (d.sandbox) {
    blocks.push({ type: 'context', elements: [mrkdwn(`:test_tube: ${t('home.sandbox')}`)] });
  }
  return { type: 'home', blocks };
}
