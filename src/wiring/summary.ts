import type { App } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createDailySummaryJob } from '../jobs/daily-summary.js';
import type { Ledger } from '../ledger/index.js';
import type { workspaceSettings } from '../slack/workspace-settings.js';

/**
 * The daily spend summary of the one workspace: the bot token's own team is the workspace every
 * ledger entry belongs to. Started in the background; the caller stops it.
 */
export async function startDailySummary(params: {
  app: App;
  config: Config;
  ledger: Ledger;
  settings: ReturnType<typeof workspaceSettings>;
  clock: () => Date;
  logger: Logger;
  sandbox: boolean;
}): Promise<{ stop(): Promise<void> }> {
  const { app, config, settings } = params;
  const auth = await app.client.auth.test();
  const teamId = String(auth.team_id ?? '');
  const summary = createDailySummaryJob({
    ledger: params.ledger,
    clock: params.clock,
    logger: params.logger,
    cron: config.spendSummary.cron,
    timeZone: config.spendSummary.timeZone,
    sandbox: params.sandbox,
    slack: () => app.client,
    workspaces: async () => {
      const channelId = await settings.summaryChannel(teamId);
      return channelId
        ? [{ workspaceId: teamId, channelId, budget: await settings.dailyBudget(teamId) }]
        : [];
    },
  });
  void summary.start();
  return summary;
}
