import { z } from 'zod';
import { SPEND_PERIODS, type SpendPeriodArg } from '../../ledger/period.js';
import { defineCommand, rule } from '../args/index.js';

export {
  SPEND_PERIODS,
  type SpendPeriod,
  type SpendPeriodArg,
  spendPeriod,
} from '../../ledger/period.js';

/** `/spend [today|7d|30d]`; no argument means today. */
export const spendCommand = defineCommand({
  name: '/spend',
  usage: '[today|7d|30d]',
  positionals: ['period'],
  options: [],
  schema: z.object({
    period: z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (p) => (SPEND_PERIODS as readonly string[]).includes(p),
        rule({ key: 'help.refusal.choosePeriod' }),
      )
      .pipe(z.enum(SPEND_PERIODS))
      .default('today'),
  }),
});

/** The period a `/spend` text asks for; throws ArgsError (with the usage line) for anything else. */
export function parseSpendArg(text: string): SpendPeriodArg {
  return spendCommand.parse(text).period;
}
