import type { types } from '@slack/bolt';
import type { AuditEntry } from '../../audit/audit-entry.js';
import { instantToWallClock } from '../../gateway/time.js';
import type { Translate } from '../../i18n/translator.js';
import { person } from './approval-message.js';
import { ACTION } from './ids.js';
import { escapeMrkdwn, LIMITS, mrkdwn, plain, truncate } from './limits.js';
import type { SlackMessage } from './message.js';

/** How many of the latest calls the card lists (the CSV has the whole range). */
export const AUDIT_CARD_ROWS = 20;

/**
 * `/querydesk audit`, in the admin's language: the latest gateway calls of this workspace, and an
 * Export CSV button. Commands, operations and result codes are shown as logged.
 */
export function auditCard(opts: {
  entries: readonly AuditEntry[];
  total: number;
  /** The range in words, in `t`'s language. */
  label: string;
  userId?: string;
  timeZone: string;
  exportValue: string;
  t: Translate;
}): SlackMessage {
  const { t } = opts;
  const counts = { range: opts.label, total: opts.total };
  const title = opts.userId
    ? t('audit.titleBy', { ...counts, user: escapeMrkdwn(opts.userId) })
    : t('audit.title', counts);
  const lines = opts.entries.slice(0, AUDIT_CARD_ROWS).map((e) => {
    const at = instantToWallClock(e.at, opts.timeZone).slice(5, 16);
    const pts =
      e.charge === 'unconfirmed'
        ? t('audit.chargeUnknown')
        : t(e.charge === 'settled' ? 'audit.pointsSettled' : 'audit.points', { points: e.points });
    const code = t('audit.code', { code: escapeMrkdwn(e.resultCode) });
    const by = e.approvedBy ? ` (${t('approvals.auditBy', { who: person(e.approvedBy) })})` : '';
    return `\`${at}\` ${escapeMrkdwn(e.userId ?? '—')}${by} · ${escapeMrkdwn(e.command)} · ${e.operation} · ${pts} · ${code} · ${e.latencyMs} ms`;
  });
  const blocks: types.KnownBlock[] = [
    { type: 'header', text: plain(truncate(title, LIMITS.headerText), LIMITS.headerText) },
    {
      type: 'section',
      text: mrkdwn(lines.length ? lines.join('\n') : t('audit.none'), 3000),
    },
    {
      type: 'context',
      elements: [
        mrkdwn(
          t('audit.footer', {
            shown: Math.min(AUDIT_CARD_ROWS, opts.total),
            timeZone: escapeMrkdwn(opts.timeZone),
          }),
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
          text: plain(t('audit.exportCsv')),
          value: opts.exportValue,
        },
      ],
    });
  }
  return { text: title, blocks };
}
