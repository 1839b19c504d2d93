import type { Ledger } from '../../ledger/ledger.js';
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
  const [report, spentToday] = await Promise.all([
    ledger.spend({ workspaceId, from: period.from, to: period.to, timeZone }),
    ledger.spentOnDay({ workspaceId, day: now, timeZone }),
  ]);
  return spendCard(report, {
    label: period.label,
    budget: input.budget,
    spentToday,
    timeZone,
    sandbox: input.sandbox,
  });
}
