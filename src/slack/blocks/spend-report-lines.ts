import type { Translate } from '../../i18n/translator.js';
import type { SpendReport } from '../../ledger/types.js';
import { escapeMrkdwn, moreLine } from './limits.js';
import { operationWord } from './operation-words.js';
import { formatPoints, pointsWord } from './spend-format.js';

const calls = (n: number, t: Translate) => t('spend.calls', { n });

/** `name: value` with the language's colon (`：` in Chinese). */
export function labelled(name: string, value: string, t: Translate): string {
  return `${name}${t('spend.colon')}${value}`;
}

/** `*Label:* value` in mrkdwn, with the language's colon. */
export function boldLabel(label: string, value: string, t: Translate): string {
  return `*${label}${t('spend.colon').trim()}* ${value}`;
}

/** `• QR code: 12 points (3 calls, 4 refunded)`, highest net first; mrkdwn. */
export function operationLines(report: SpendReport, t: Translate): string[] {
  return report.byOperation.map((o) => {
    const points = pointsWord(o.net, t);
    const cost =
      o.refunded > 0
        ? t('spend.costRefunded', {
            points,
            calls: calls(o.calls, t),
            refunded: formatPoints(o.refunded),
          })
        : t('spend.cost', { points, calls: calls(o.calls, t) });
    return `• ${labelled(escapeMrkdwn(operationWord(o.operation, t)), cost, t)}`;
  });
}

/** `• <@U1>: 40 points (4 calls)` for the top `top` users, then `… N more`; mrkdwn. */
export function userLines(report: SpendReport, t: Translate, top = 10): string[] {
  const shown = report.byUser.slice(0, top).map((u) => {
    const who = u.userId ? `<@${u.userId}>` : t('spend.scheduledWork');
    const cost = t('spend.cost', { points: pointsWord(u.net, t), calls: calls(u.calls, t) });
    return `• ${labelled(who, cost, t)}`;
  });
  const hidden = report.byUser.length - shown.length;
  return hidden > 0 ? [...shown, moreLine(hidden, t)] : shown;
}

/** `130 points net (140 charged, 10 refunded, 9 calls)`. */
export function totalWords(report: SpendReport, t: Translate): string {
  return t('spend.total', {
    points: pointsWord(report.net, t),
    charged: formatPoints(report.charged),
    refunded: formatPoints(report.refunded),
    calls: calls(report.calls, t),
  });
}
