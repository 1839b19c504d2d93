import type { types } from '@slack/bolt';
import type { ExportRow } from '../../exports/index.js';
import type { Translate } from '../../i18n/translator.js';
import { type ApprovalGate, gateButtons, gateSection, gateText } from './approval-message.js';
import { button, contextLine, section } from './card-parts.js';
import { esc } from './format.js';
import { ACTION } from './ids.js';
import { truncate } from './limits.js';
import type { SlackMessage } from './message.js';

const BAR = 20;

/** A text progress bar: `[██████░░░░░░░░░░░░░░] 30 %`. */
export function progressBar(done: number, total: number | null): string {
  if (!total) return `[${'░'.repeat(BAR)}]`;
  const share = Math.min(1, done / total);
  const full = Math.round(share * BAR);
  return `[${'█'.repeat(full)}${'░'.repeat(BAR - full)}] ${Math.floor(share * 100)} %`;
}

function timeLeft(row: ExportRow, now: number, t: Translate): string {
  if (!row.total_pages || row.next_page === 0 || row.started_at === null) {
    return t('exports.left.estimating');
  }
  const perPage = (now - row.started_at) / row.next_page;
  const s = Math.max(0, Math.round((perPage * (row.total_pages - row.next_page)) / 1000));
  return s < 60
    ? t('exports.left.seconds', { s })
    : t('exports.left.minutes', { m: Math.ceil(s / 60) });
}

const who = (id: string | null, t: Translate) =>
  id && /^[UW][A-Z0-9]{2,30}$/.test(id) ? `<@${id}>` : esc(id ?? t('exports.someone'), 100);

export interface ExportTitle {
  /** e.g. "Shop orders of 2201000250", in the message's language. */
  title: string;
  /** The language the message is in: the one it was first posted in. */
  t: Translate;
}

function statusLine(row: ExportRow, now: number, t: Translate): string {
  const pages =
    row.total_pages !== null
      ? t('exports.page.of', { page: row.next_page, total: row.total_pages })
      : t('exports.page.at', { page: row.next_page });
  const counts = t('exports.counts', { rows: row.rows, points: row.points });
  const partial = row.rows > 0 ? t('exports.partialInThread') : '';
  switch (row.state) {
    case 'done':
      return `:white_check_mark: ${t('exports.state.done', { counts, pages: row.next_page })}`;
    case 'cancelled':
      return `:octagonal_sign: ${t('exports.state.cancelled', { who: who(row.stopped_by, t), pages, counts })}`;
    case 'budget':
      return `:warning: ${t('exports.state.budget', { pages, counts, note: esc(row.note ?? '', 600) })}`;
    case 'failed': {
      const note = esc(row.note ?? t('exports.note.repeatedFailure'), 600);
      return `:x: ${t('exports.state.failed', { pages, note })} ${partial}`.trimEnd();
    }
    default: {
      const bar = progressBar(row.next_page, row.total_pages);
      const left = timeLeft(row, now, t);
      return `:hourglass_flowing_sand: ${t('exports.state.running', { bar, pages, counts, left })}`;
    }
  }
}

/** The progress message in the channel, from the stored export; Cancel while it runs. */
export function exportProgressMessage(row: ExportRow, x: ExportTitle, now: number): SlackMessage {
  const { t } = x;
  const status = statusLine(row, now, t);
  const blocks: types.KnownBlock[] = [
    section(t('exports.startedBy', { title: esc(x.title, 200), who: who(row.user_id, t) })),
    section(status),
  ];
  if (row.state === 'running' || row.state === 'starting') {
    blocks.push({
      type: 'actions',
      elements: [button(ACTION.cancelExport, t('exports.button.cancel'), row.export_id)],
    });
  }
  const plain = status.replace(/:[a-z_]+: /, '').replace(/<@([A-Z0-9]+)>/g, '@$1');
  return { text: esc(`${x.title}: ${plain}`, 1000), blocks };
}

function fileOptions(t: Translate) {
  const option = (text: string, description: string, value: string) => ({
    text: { type: 'plain_text' as const, text },
    description: { type: 'plain_text' as const, text: description },
    value,
  });
  const bom = option(t('exports.option.bom'), t('exports.option.bomHint'), 'bom');
  const header = option(t('exports.option.header'), t('exports.option.headerHint'), 'header');
  return { options: [bom, header], initial: [bom] };
}

/** The private preview: what will be called, the price, the cap; Start export / Cancel. */
export function exportPreviewMessage(p: {
  exportId: string;
  title: string;
  operation: string;
  perCall: string;
  price: number | undefined;
  maxRows: number;
  note?: string;
  /** Set when the export costs more than the workspace lets start without approval. */
  approval?: ApprovalGate;
  /** The asker's language. */
  t: Translate;
}): SlackMessage {
  const { t } = p;
  const price =
    p.price === undefined
      ? t('exports.preview.priceUnknown')
      : t('exports.preview.priceKnown', { price: p.price });
  const lines = [
    t('exports.preview.title', { title: esc(p.title, 200) }),
    t('exports.preview.calls', { operation: p.operation, perCall: p.perCall, price }),
    t('exports.preview.cap', { max: p.maxRows }),
    ...(p.note ? [p.note] : []),
  ];
  const box = fileOptions(t);
  return {
    text: truncate(
      [
        esc(t('exports.preview.text', { title: p.title, price, max: p.maxRows }), 1000),
        ...(p.approval ? [gateText(p.approval, t)] : []),
      ].join(' '),
      2000,
    ),
    blocks: [
      section(lines.join('\n')),
      {
        // The export's id rides in the block id: an unticked box sends no option value.
        type: 'actions',
        block_id: `${ACTION.exportBom}:${p.exportId}`,
        elements: [
          {
            type: 'checkboxes',
            action_id: ACTION.exportBom,
            options: box.options,
            initial_options: box.initial,
          },
        ],
      },
      ...(p.approval ? [gateSection(p.approval, t)] : []),
      {
        type: 'actions',
        elements: [
          ...(p.approval
            ? gateButtons(p.approval, t)
            : [
                {
                  ...button(ACTION.startExport, t('exports.button.start'), p.exportId),
                  style: 'primary' as const,
                },
              ]),
          button(ACTION.cancelExport, t('exports.button.cancel'), p.exportId),
        ],
      },
      contextLine(t('exports.preview.where')),
    ],
  };
}
