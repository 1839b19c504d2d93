import type { types } from '@slack/bolt';
import type { ExportRow } from '../../exports/index.js';
import { button, contextLine, section } from './card-parts.js';
import { esc } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';

const BAR = 20;

/** A text progress bar: `[██████░░░░░░░░░░░░░░] 30 %`. */
export function progressBar(done: number, total: number | null): string {
  if (!total) return `[${'░'.repeat(BAR)}]`;
  const share = Math.min(1, done / total);
  const full = Math.round(share * BAR);
  return `[${'█'.repeat(full)}${'░'.repeat(BAR - full)}] ${Math.floor(share * 100)} %`;
}

function timeLeft(row: ExportRow, now: number): string {
  if (!row.total_pages || row.next_page === 0 || row.started_at === null) return 'estimating';
  const perPage = (now - row.started_at) / row.next_page;
  const s = Math.max(0, Math.round((perPage * (row.total_pages - row.next_page)) / 1000));
  return s < 60 ? `about ${s} s` : `about ${Math.ceil(s / 60)} min`;
}

const who = (id: string | null) =>
  id && /^[UW][A-Z0-9]{2,30}$/.test(id) ? `<@${id}>` : esc(id ?? 'someone', 100);

export interface ExportTitle {
  /** e.g. "Shop orders of 2201000250". */
  title: string;
}

/** The progress message in the channel, from the stored export; Cancel while it runs. */
export function exportProgressMessage(row: ExportRow, t: ExportTitle, now: number): SlackMessage {
  const pages =
    row.total_pages !== null
      ? `page ${row.next_page} of ${row.total_pages}`
      : `page ${row.next_page}`;
  const counts = `${row.rows} rows, ${row.points} points`;
  let status: string;
  switch (row.state) {
    case 'done':
      status = `:white_check_mark: Export finished: ${counts}, ${row.next_page} pages. The CSV is in the thread.`;
      break;
    case 'cancelled':
      status = `:octagonal_sign: Export cancelled by ${who(row.stopped_by)} after ${pages}: ${counts}. No file.`;
      break;
    case 'budget':
      status = `:warning: Export stopped at the daily budget after ${pages}: ${counts}. ${esc(row.note ?? '', 600)} The rows so far are in the thread as a partial CSV.`;
      break;
    case 'failed':
      status = `:x: Export stopped after ${pages}: ${esc(row.note ?? 'the gateway failed', 600)} ${row.rows > 0 ? 'The rows so far are in the thread as a partial CSV.' : ''}`;
      break;
    default:
      status = `:hourglass_flowing_sand: Exporting: ${progressBar(row.next_page, row.total_pages)} ${pages}, ${counts}, time left ${timeLeft(row, now)}.`;
  }
  const blocks: types.KnownBlock[] = [
    section(`*${esc(t.title, 200)}* (started by ${who(row.user_id)})`),
    section(status),
  ];
  if (row.state === 'running' || row.state === 'starting') {
    blocks.push({
      type: 'actions',
      elements: [button(ACTION.cancelExport, 'Cancel', row.export_id)],
    });
  }
  const plain = status.replace(/:[a-z_]+: /, '').replace(/<@([A-Z0-9]+)>/g, '@$1');
  return { text: esc(`${t.title}: ${plain}`, 1000), blocks };
}

const BOM_OPTION = {
  text: { type: 'plain_text' as const, text: 'Start the file with a byte-order mark (for Excel)' },
  description: {
    type: 'plain_text' as const,
    text: 'Lets Excel read Chinese names; untick for other tools',
  },
  value: 'bom',
};

/** The private preview: what will be called, the price, the cap; Start export / Cancel. */
export function exportPreviewMessage(p: {
  exportId: string;
  title: string;
  operation: string;
  perCall: string;
  price: number | undefined;
  maxRows: number;
  note?: string;
}): SlackMessage {
  const price =
    p.price === undefined
      ? 'price per call: not known yet (the gateway reports it with each answer)'
      : `price per call: ${p.price} points (this workspace's last charge for it)`;
  const lines = [
    `*Export ${esc(p.title, 200)} as CSV?*`,
    `Calls ${p.operation}, ${p.perCall}; ${price}.`,
    `At most ${p.maxRows} rows (EXPORT_MAX_ROWS). Nothing is called before you start; the daily budget is checked before each page.`,
    ...(p.note ? [p.note] : []),
  ];
  return {
    text: esc(`Export ${p.title} as CSV? ${price}; at most ${p.maxRows} rows.`, 1000),
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
            options: [BOM_OPTION],
            initial_options: [BOM_OPTION],
          },
        ],
      },
      {
        type: 'actions',
        elements: [
          { ...button(ACTION.startExport, 'Start export', p.exportId), style: 'primary' },
          button(ACTION.cancelExport, 'Cancel', p.exportId),
        ],
      },
      contextLine('Progress and the file appear in this channel.'),
    ],
  };
}
