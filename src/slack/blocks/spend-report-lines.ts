import type { SpendReport } from '../../ledger/types.js';
import { escapeMrkdwn, moreLine } from './limits.js';
import { operationWord } from './operation-words.js';
import { formatPoints, pointsWord } from './spend-format.js';

const calls = (n: number) => `${formatPoints(n)} ${n === 1 ? 'call' : 'calls'}`;

/** `• QR code: 12 points (3 calls, 4 refunded)`, highest net first; mrkdwn. */
export function operationLines(report: SpendReport): string[] {
  return report.byOperation.map((o) => {
    const refunded = o.refunded > 0 ? `, ${formatPoints(o.refunded)} refunded` : '';
    return `• ${escapeMrkdwn(operationWord(o.operation))}: ${pointsWord(o.net)} (${calls(o.calls)}${refunded})`;
  });
}

/** `• <@U1>: 40 points (4 calls)` for the top `top` users, then `… N more`; mrkdwn. */
export function userLines(report: SpendReport, top = 10): string[] {
  const shown = report.byUser.slice(0, top).map((u) => {
    const who = u.userId ? `<@${u.userId}>` : 'scheduled work';
    return `• ${who}: ${pointsWord(u.net)} (${calls(u.calls)})`;
  });
  const hidden = report.byUser.length - shown.length;
  return hidden > 0 ? [...shown, moreLine(hidden)] : shown;
}

/** `130 points net (140 charged, 10 refunded, 9 calls)`. */
export function totalWords(report: SpendReport): string {
  return `${pointsWord(report.net)} net (${formatPoints(report.charged)} charged, ${formatPoints(report.refunded)} refunded, ${calls(report.calls)})`;
}
