import { translator } from '../../i18n/translator.js';
import { personLocale } from '../settings/language.js';
import { spendAnswer, spendCommand } from '../spend/index.js';
import { lookupCommand } from './command.js';

/** `/spend [today|7d|30d]`: this workspace's points, from the ledger (no gateway call). */
export const spend = lookupCommand({
  name: '/spend',
  usage: spendCommand.usage,
  description: 'Points this workspace spent',
  help: 'help.what.spend',
  positionals: spendCommand.positionals,
  options: spendCommand.options,
  schema: () => spendCommand.schema,
  // Parsed and acked first like every command; the ledger is read after the ack.
  // The answer is private: in the asker's language.
  run: async (deps, args, who, client) =>
    spendAnswer({
      ledger: deps.ledger,
      workspaceId: who.teamId,
      text: args.period,
      now: deps.clock(),
      timeZone: deps.config.spendSummary.timeZone,
      budget: await deps.dailyBudget(who.teamId),
      sandbox: deps.gateway.sandbox,
      t: translator(await personLocale(deps, client, who.teamId, who.userId)),
    }),
});
