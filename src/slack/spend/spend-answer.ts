import type { MessageKey } from '../../i18n/catalog/en.js';
import type { Translate } from '../../i18n/translator.js';
import type { Ledger } from '../../ledger/ledger.js';
import { mrkdwn } from '../blocks/limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { spendCard } from '../blocks/spend-card.js';
import { parseSpendArg, type SpendPeriodArg, spendPeriod } from './period.js';

export interface SpendAnswerInput {
  ledger: Ledger;
  workspaceId: string;
  /** The command text after `/spend`. */
  text: string;
  now: Date;
  /** SPEND_SUMMARY_TZ: the zone "today" and the days are counted in. */
  timeZone: string;
  budget?: number;
  sandbox: boolean;
  /** The asker's language: the answer is private. */
  t: Translate;
}

const PERIOD_WORDS = {
  today: 'spend.period.today',
  '7d': 'spend.period.7d',
  '30d': 'spend.period.30d',
} as const satisfies Record<SpendPeriodArg, MessageKey>;

/** The whole `/spend` answer. Throws ArgsError (with the usage line) for a bad period. */
export async function spendAnswer(input: SpendAnswerInput): Promise<SlackMessage> {
  const { ledger, workspaceId, now, timeZone, t } = input;
  const arg = parseSpendArg(input.text);
  const period = spendPeriod(arg, now, timeZone);
  const [report, spentToday, maybe] = await Promise.all([
    ledger.spend({ workspaceId, from: period.from, to: period.to, timeZone }),
    ledger.spentOnDay({ workspaceId, day: now, timeZone }),
    ledger.maybeCharged({ workspaceId, from: period.from, to: period.to }),
  ]);
  const card = spendCard(report, {
    label: t(PERIOD_WORDS[arg]),
    budget: input.budget,
    spentToday,
    timeZone,
    sandbox: input.sandbox,
    t,
  });
  return maybe.calls > 0 ? withMaybeCharged(card, maybe, t) : card;
}

/** The calls whose cost no answer told yet: how many, and what they hold against the budget. */
function withMaybeCharged(
  card: SlackMessage,
  m: { calls: number; points: number },
  t: Translate,
): SlackMessage {
  const words = t('spend.maybeCharged', { calls: m.calls, points: m.points });
  const blocks = card.blocks.length >= 50 ? card.blocks.slice(0, 49) : card.blocks;
  return {
    text: `${card.text} ${words}`,
    blocks: [...blocks, { type: 'context', elements: [mrkdwn(`:grey_question: ${words}`)] }],
  };
}
