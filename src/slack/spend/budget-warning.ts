import type { Translate } from '../../i18n/translator.js';
import { dayRange } from '../../ledger/day.js';
import type { Ledger } from '../../ledger/ledger.js';
import { budgetWarning } from '../blocks/budget-warning.js';
import type { SlackMessage } from '../blocks/message.js';
import { localClock } from '../blocks/spend-format.js';

export interface BudgetWarningInput {
  ledger: Ledger;
  workspaceId: string;
  /** Daily budget in points; undefined (unlimited) never warns. */
  budget?: number;
  timeZone: string;
  now: Date;
  sandbox?: boolean;
  /** The language of the summary channel (the workspace's); asked only when the warning is due. */
  t: () => Promise<Translate>;
  /** Posts to the workspace's summary channel. */
  post: (msg: SlackMessage) => Promise<void>;
}

/**
 * Call after each charge. Posts the 80 % warning at most once per workspace and local day, across
 * replicas (the ledger claims the day). Returns whether this call posted it. A failed post is
 * thrown to the caller; the day stays claimed, so it is not retried.
 */
export async function maybeWarnBudget(input: BudgetWarningInput): Promise<boolean> {
  const { ledger, workspaceId, budget, timeZone, now } = input;
  if (budget === undefined) return false;
  const crossed = await ledger.crossedWarning({ workspaceId, budget, timeZone, now });
  if (!crossed) return false;
  const spent = await ledger.spentOnDay({ workspaceId, day: now, timeZone });
  const resetsAt = localClock(dayRange(now, timeZone).end, timeZone);
  const t = await input.t();
  await input.post(budgetWarning({ spent, budget, resetsAt, timeZone, sandbox: input.sandbox, t }));
  return true;
}
