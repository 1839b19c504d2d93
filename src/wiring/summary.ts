import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createDailySummaryJob } from '../jobs/daily-summary.js';
import type { Ledger } from '../ledger/index.js';
import type { workspaceSettings } from '../slack/settings/workspace-settings.js';

/**
 * The daily spend summary of the one workspace: the bot token's own team is the workspace every
 * ledger entry belongs to. Started in the background; the caller stops it.
 */
export async function startDailySummary(params: {
  /** The one workspace's client (the Slack app's); unused in many-workspace mode. */
  client: () => WebClient;
  config: Config;
  ledger: Ledger;
  settings: ReturnType<typeof workspaceSettings>;
  clock: () => Date;
  logger: Logger;
  sandbox: boolean;
  /** Many-workspace mode: every installed workspace, each with its own client. */
  many?: { teamIds(): Promise<string[]>; clientFor(teamId: string): Promise<WebClient> };
}): Promise<{ stop(): Promise<void> }> {
  const { config, settings, many } = params;
  const teamId = many ? '' : String((await params.client().auth.test()).team_id ?? '');
  const one = async (id: string) => {
    const channelId = await settings.summaryChannel(id);
    return channelId
      ? [
          {
            workspaceId: id,
            channelId,
            budget: await settings.dailyBudget(id),
            // Posted into a channel: the workspace's language, read afresh on every run.
            locale: await settings.language(id),
          },
        ]
      : [];
  };
  const summary = createDailySummaryJob({
    ledger: params.ledger,
    clock: params.clock,
    logger: params.logger,
    cron: config.spendSummary.cron,
    timeZone: config.spendSummary.timeZone,
    sandbox: params.sandbox,
    slack: many ? (id) => many.clientFor(id) : () => params.client(),
    workspaces: async () =>
      many ? (await Promise.all((await many.teamIds()).map(one))).flat() : one(teamId),
  });
  void summary.start();
  return summary;
}
