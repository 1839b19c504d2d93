import { spendAnswer, spendCommand } from '../spend/index.js';
import { lookupCommand } from './command.js';

/** `/spend [today|7d|30d]`: this workspace's points, from the ledger (no gateway call). */
export const spend = lookupCommand({
  name: '/spend',
  usage: spendCommand.usage,
  description: 'Points this workspace spent',
  help: 'Points this workspace spent, by operation, user and day.',
  primer: '7d',
  positionals: spendCommand.positionals,
  options: spendCommand.options,
  schema: () => spendCommand.schema,
  // Parsed and acked first like every command; the ledger is read after the ack.
  run: async (deps, args, who) =>
    spendAnswer({
      ledger: deps.ledger,
      workspaceId: who.teamId,
      text: args.period,
      now: deps.clock(),
      timeZone: deps.config.spendSummary.timeZone,
      budget: await deps.dailyBudget(who.teamId),
      sandbox: deps.gateway.sandbox,
    }),
});
