import type { App } from '@slack/bolt';
import { ArgsError } from '../args.js';
import { errorCard } from '../blocks/error-card.js';
import type { SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';
import { spendAnswer } from '../spend/index.js';
import { finish } from './slash.js';

/** `/spend [today|7d|30d]`: this workspace's points, from the ledger (no gateway call). */
export function registerSpend(app: App, deps: AppDeps): void {
  app.command('/spend', async ({ command, ack }) => {
    deps.metrics.slackAcks.inc({ kind: 'command' });
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
    // The ledger answers in milliseconds: the ack itself carries the card.
    await ack({ response_type: 'ephemeral', ...finish(deps, message) });
  });
}
