import type { Ledger } from '../../ledger/ledger.js';
import { mrkdwn } from '../blocks/limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { spendCard } from '../blocks/spend-card.js';
import { parseSpendArg, spendPeriod } from './period.js';

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
}

/** The whole `/spend` answer. Throws ArgsError (with the usage line) for a bad period. */
export async function spendAnswer(input: SpendAnswerInput): Promise<SlackMessage> {
  const { ledger, workspaceId, now, timeZone } = input;
  const period = spendPeriod(parseSpendArg(input.text), now, timeZone);
  const [report, spentToday, maybe] = await Promise.all([
    ledger.spend({ workspaceId, from: period.from, to: period.to, timeZone }),
    ledger.spentOnDay({ workspaceId, day: now, timeZone }),
    ledger.maybeCharged({ workspaceId, from: period.from, to: period.to }),
  ]);
  const card = spendCard(report, {
    label: period.label,
    budget: input.budget,
    spentToday,
    timeZone,
    sandbox: input.sandbox,
  });
  return maybe.calls > 0 ? withMaybeCharged(card, maybe) : card;
}

/** The calls whose cost no answer told yet: how many, and what they hold against the budget. */
function withMaybeCharged(card: SlackMessage, m: { calls: number; points: number }): SlackMessage {
  const one = m.calls === 1;
  const words = `Charge unknown, unconfirmed: ${m.calls} paid ${one ? 'call' : 'calls'} got no answer after the gateway received ${one ? 'it' : 'them'}. ${one ? 'It holds' : 'They hold'} ${m.points} ${m.points === 1 ? 'point' : 'points'} (the last known price) against the daily budget until the gateway's next answer for that operation settles ${one ? 'it' : 'them'}; not in the totals above.`;
  const blocks = card.blocks.length >= 50 ? card.blocks.slice(0, 49) : card.blocks;
  return {
    text: `${card.text} ${words}`,
    blocks: [...blocks, { type: 'context', elements: [mrkdwn(`:grey_question: ${words}`)] }],
  };
}
