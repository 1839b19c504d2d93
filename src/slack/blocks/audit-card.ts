import type { types } from '@slack/bolt';
import type { AuditEntry } from '../../audit/audit-entry.js';
import { instantToWallClock } from '../../gateway/time.js';
import { ACTION } from './ids.js';
import { escapeMrkdwn, LIMITS, mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';

/** How many of the latest calls the card lists (the CSV has the whole range). */
export const AUDIT_CARD_ROWS = 20;

/** `/querydesk audit`: the latest gateway calls of this workspace, and an Export CSV button. */
export function auditCard(opts: {
  entries: readonly AuditEntry[];
  total: number;
  label: string;
  userId?: string;
  timeZone: string;
  exportValue: string;
}): SlackMessage {
  const who = opts.userId ? ` by ${escapeMrkdwn(opts.userId)}` : '';
  const title = `Gateway calls${who}, ${opts.label}: ${opts.total}`;
  const lines = opts.entries.slice(0, AUDIT_CARD_ROWS).map((e) => {
    const at = instantToWallClock(e.at, opts.timeZone).slice(5, 16);
    const pts =
      e.charge === 'unconfirmed'
        ? 'charge unknown (unconfirmed)'
        : `${e.points} pt${e.charge === 'settled' ? ' (settled later)' : ''}`;
    return `\`${at}\` ${escapeMrkdwn(e.userId ?? '—')} · ${escapeMrkdwn(e.command)} · ${e.operation} · ${pts} · code ${escapeMrkdwn(e.resultCode)} · ${e.latencyMs} ms`;
  });
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(truncate(title, LIMITS.headerText), LIMITS.headerText) },
    {
      type: 'section',
      text: mrkdwn(lines.length ? lines.join('\n') : 'No gateway calls in this range.', 3000),
    },
    {
      type: 'context',
      elements: [
        mrkdwn(
          `Latest ${Math.min(AUDIT_CARD_ROWS, opts.total)} shown; times in ${escapeMrkdwn(opts.timeZone)}. Phone numbers and receiver fields are masked.`,
        ),
      ],
    },
  ];
  if (opts.total > 0) {
    blocks.push({
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: ACTION.auditExport,
          text: plain('Export CSV'),
          value: opts.exportValue,
        },
      ],
    });
  }
  return { text: title, blocks };
}
