import type { Translate } from '../../i18n/translator.js';
import { type ApprovalGate, gateButtons, gateSection, gateText } from './approval-message.js';
import { button, contextLine, section } from './card-parts.js';
import { code, count, esc } from './format.js';
import { ACTION } from './ids.js';
import type { SlackMessage } from './message.js';

/** What a subscription will cost, before anything is called. */
export interface SubscriptionPreview {
  subscriptionId: string;
  ownerId: string;
  remark?: string | null;
  remarkTag?: number | null;
  intervalMs: number;
  pollsPerDay: number;
  /** Operation 7's last price in this workspace's ledger; undefined when it was never charged. */
  price: number | undefined;
  /** The daily budget in points; undefined when there is none. */
  budget: number | undefined;
  /** Set when its points a day are more than the workspace lets start without approval. */
  approval?: ApprovalGate;
  /** The asker's language. */
  t: Translate;
}

/** 60000 → "1 min", 90000 → "90 s", 7200000 → "2 h" (in Chinese 1 分钟, 90 秒, 2 小时). */
export function intervalWords(ms: number, t: Translate): string {
  if (ms % 3_600_000 === 0) return t('subscriptions.every.hours', { n: ms / 3_600_000 });
  if (ms % 60_000 === 0) return t('subscriptions.every.minutes', { n: ms / 60_000 });
  return t('subscriptions.every.seconds', { n: Math.ceil(ms / 1000) });
}

/** "New shop orders of `2201000250` (remark "gift", tag 2)": what a subscription watches. */
export function watchedWords(
  w: { ownerId: string; remark?: string | null; remarkTag?: number | null },
  t: Translate,
): string {
  const filters: string[] = [];
  if (w.remark !== null && w.remark !== undefined) {
    filters.push(t('subscriptions.filter.remark', { remark: esc(w.remark, 200) }));
  }
  if (w.remarkTag !== null && w.remarkTag !== undefined) {
    filters.push(t('subscriptions.filter.tag', { tag: w.remarkTag }));
  }
  const owner = `\`${code(w.ownerId, 100)}\``;
  return filters.length > 0
    ? t('subscriptions.what.filtered', {
        owner,
        filters: filters.join(t('subscriptions.filter.separator')),
      })
    : t('subscriptions.what', { owner });
}

/** Points a day at one page per poll, or the words for not knowing them yet. */
export function pointsPerDayWords(
  pollsPerDay: number,
  price: number | null | undefined,
  t: Translate,
): string {
  if (price === undefined || price === null) return t('subscriptions.perDay.unknown');
  return t('subscriptions.perDay.atLeast', { points: count(pollsPerDay * price) });
}

/** `/shoporders subscribe …`: the private preview with **Subscribe** / **Cancel**. */
export function subscriptionPreviewMessage(p: SubscriptionPreview): SlackMessage {
  const { t } = p;
  const price =
    p.price === undefined
      ? t('subscriptions.preview.priceUnknown')
      : t('subscriptions.preview.priceKnown', { price: count(p.price) });
  const perDay = t('subscriptions.preview.perDay', {
    polls: count(p.pollsPerDay),
    every: esc(intervalWords(p.intervalMs, t), 20),
    perDay: pointsPerDayWords(p.pollsPerDay, p.price, t),
  });
  const budget =
    p.budget === undefined
      ? t('subscriptions.preview.noBudget')
      : t('subscriptions.preview.budget', { budget: count(p.budget) });
  const title = t('subscriptions.preview.title', { what: watchedWords(p, t) });
  const lines = [title, perDay, price, budget];
  return {
    text: [
      lines.join(' ').replace(/[*`]/g, ''),
      ...(p.approval ? [gateText(p.approval, t)] : []),
    ].join(' '),
    blocks: [
      section(lines.join('\n')),
      contextLine(t('subscriptions.preview.nothingYet')),
      ...(p.approval ? [gateSection(p.approval, t)] : []),
      {
        type: 'actions',
        elements: [
          ...(p.approval
            ? gateButtons(p.approval, t)
            : [
                {
                  ...button(
                    ACTION.subscribe,
                    t('subscriptions.button.subscribe'),
                    p.subscriptionId,
                  ),
                  style: 'primary' as const,
                },
              ]),
          button(ACTION.cancelSubscribe, t('subscriptions.button.cancel'), p.subscriptionId),
        ],
      },
    ],
  };
}
