import type { types } from '@slack/bolt';
import type { LedgerEntry, SpendReport } from '../../ledger/types.js';
import { budgetLine } from './budget-line.js';
import { escapeMrkdwn, moreLine, mrkdwn, plain } from './limits.js';
import { operationWord } from './operation-words.js';
import { SANDBOX_WORDS } from './sandbox-note.js';
import { dayBarsSection } from './spend-card.js';
import { localStamp, pointsWord } from './spend-format.js';
import { operationLines, totalWords } from './spend-report-lines.js';

export interface LiveQr {
  mediaMark: string;
  /** In words: "not scanned", "scanned" or "expired". */
  state: string;
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

function recentLine(e: LedgerEntry, timeZone: string): string {
  const who = e.userId ? `<@${e.userId}>` : 'scheduled work';
  const cost =
    e.kind === 'refund'
      ? `${pointsWord(e.points)} refunded`
      : e.unconfirmed
        ? `charge unknown (${pointsWord(e.points)} held)`
        : `${pointsWord(e.points)}`;
  const when = localStamp(e.createdAt, timeZone);
  return `• ${when} · ${who} · ${escapeMrkdwn(operationWord(e.operation))} · ${cost}`;
}

function qrLine(q: LiveQr, timeZone: string): string {
  const since = localStamp(q.createdAt, timeZone);
  return `• \`${escapeMrkdwn(q.mediaMark.replace(/`/g, "'"))}\` · ${escapeMrkdwn(q.state)} · <#${q.channelId}> · since ${since}`;
}

function listSection(title: string, lines: string[], empty: string): types.SectionBlock {
  return {
    type: 'section',
    text: mrkdwn(`*${title}*\n${lines.length > 0 ? lines.join('\n') : `_${empty}_`}`, 3000),
  };
}

/** The App Home tab: spend today and this week, the budget, recent queries, live QR sessions. */
export function homeView(d: HomeData): types.HomeView {
  const recent = d.recent.slice(0, RECENT).map((e) => recentLine(e, d.timeZone));
  const qr = d.liveQr.slice(0, LIVE_QR).map((q) => qrLine(q, d.timeZone));
  if (d.liveQr.length > LIVE_QR) qr.push(moreLine(d.liveQr.length - LIVE_QR));
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain('querydesk: points and queries') },
    {
      type: 'context',
      elements: [mrkdwn(`Days are counted in ${d.timeZone}. Use \`/spend 30d\` for more.`)],
    },
    { type: 'divider' },
    listSection(`Today: ${totalWords(d.today)}`, operationLines(d.today), 'No calls today.'),
    {
      type: 'section',
      text: mrkdwn(`*Today's budget:* ${budgetLine(d.budget, d.today.net)}`),
    },
    { type: 'divider' },
    listSection(`Last 7 days: ${totalWords(d.week)}`, operationLines(d.week), 'No calls.'),
    dayBarsSection('By day', d.week.byDay),
    { type: 'divider' },
    listSection('Your last 10 queries', recent, 'You have made no queries yet.'),
    listSection('Your live QR sessions', qr, 'None of your QR codes is being watched.'),
    ...(d.watches
      ? [
          listSection(
            'Your order watches',
            d.watches.slice(0, LIVE_QR),
            'You watch no payment order.',
          ),
        ]
      : []),
  ];
  if (d.sandbox) {
    blocks.push({ type: 'context', elements: [mrkdwn(`:test_tube: ${SANDBOX_WORDS}`)] });
  }
  return { type: 'home', blocks };
}
