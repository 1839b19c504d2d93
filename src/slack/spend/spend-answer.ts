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
  return maybe > 0 ? withMaybeCharged(card, maybe) : card;
}

/** The calls whose cost no answer told: how many, and that the totals count them as 0. */
function withMaybeCharged(card: SlackMessage, calls: number): SlackMessage {
  const words = `${calls} paid ${calls === 1 ? 'call' : 'calls'} may have been charged: the gateway failed after receiving ${calls === 1 ? 'it' : 'them'}, so the cost is unknown (counted as 0 above; check the gateway's own statement).`;
  const blocks = card.blocks.length >= 50 ? card.blocks.slice(0, 49) : card.blocks;
  return {
    text: `${card.text} ${words}`,
    blocks: [...blocks, { type: 'context', elements: [mrkdwn(`:grey_question: ${words}`)] }],
  };
}
