import type { App } from '@slack/bolt';
import { ArgsError } from '../args.js';
import { errorCard } from '../blocks/error-card.js';
import type { SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';
import { spendAnswer } from '../spend/index.js';
import { parseSpendArg } from '../spend/period.js';
import { finish } from './slash.js';

/** `/spend [today|7d|30d]`: this workspace's points, from the ledger (no gateway call). */
export function registerSpend(app: App, deps: AppDeps): void {
  app.command('/spend', async ({ command, ack, respond }) => {
    deps.metrics.slackAcks.inc({ kind: 'command' });
    // Only parsing before the ack: a bad period is answered in it, the ledger is read after it.
    try {
      parseSpendArg(command.text);
    } catch (err) {
      await ack({ response_type: 'ephemeral', ...finish(deps, errorCard(err)) });
      return;
    }
    await ack();
    let message: SlackMessage;
    try {
      message = await spendAnswer({
        ledger: deps.ledger,
        workspaceId: command.team_id,
        text: command.text,
        now: deps.clock(),
        timeZone: deps.config.spendSummary.timeZone,
        budget: await deps.dailyBudget(command.team_id),
        sandbox: deps.gateway.sandbox,
      });
    } catch (err) {
      if (!(err instanceof ArgsError)) deps.logger.error({ err }, '/spend failed');
      message = errorCard(err);
    }
    await respond({ response_type: 'ephemeral', ...finish(deps, message) });
  });
}
