import type { Config } from '../config.js';
import { getWorkspaceSettings, type Store } from '../store/index.js';

/**
 * A workspace's budget and summary channel: what /querydesk config stored, else the environment's
 * defaults (DAILY_BUDGET_POINTS, SPEND_SUMMARY_CHANNEL). A stored budget of 0 pauses paid calls.
 */
export function workspaceSettings(store: Store, config: Config) {
  return {
    async dailyBudget(teamId: string): Promise<number | undefined> {
      const s = await getWorkspaceSettings(store.db, teamId);
      return s?.dailyBudgetPoints ?? config.dailyBudgetPoints;
    },
    async summaryChannel(teamId: string): Promise<string | undefined> {
      const s = await getWorkspaceSettings(store.db, teamId);
      return s?.summaryChannel ?? config.spendSummary.channel;
    },
  };
}
