import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { translator } from '../i18n/translator.js';
import type { Ledger } from '../ledger/index.js';
import { channelLocale } from '../slack/settings/language.js';
import type { workspaceSettings } from '../slack/settings/workspace-settings.js';
import { maybeWarnBudget } from '../slack/spend/index.js';

/**
 * The 80 % warning, once a day, to the workspace's summary channel, checked after each charge.
 * Never throws: a failure is logged and the person's answer is unaffected.
 */
export function budgetWarnings(params: {
  ledger: Ledger;
  settings: ReturnType<typeof workspaceSettings>;
  config: Config;
  clock: () => Date;
  sandbox: boolean;
  logger: Logger;
  slack: (workspaceId: string) => WebClient | Promise<WebClient>;
}): (workspaceId: string, known?: { dailyBudget?: number | null }) => Promise<void> {
  const { ledger, settings, logger } = params;
  return async (workspaceId, known) => {
    try {
      // The budget the call was reserved against, when its caller read it; else read now.
      const budget =
        known?.dailyBudget !== undefined
          ? (known.dailyBudget ?? undefined)
          : await settings.dailyBudget(workspaceId);
      if (budget === undefined) return;
      const channel = await settings.summaryChannel(workspaceId);
      if (!channel) return;
      await maybeWarnBudget({
        ledger,
        workspaceId,
        budget,
        timeZone: params.config.spendSummary.timeZone,
        now: params.clock(),
        sandbox: params.sandbox,
        // Posted into a channel: the workspace's language.
        t: async () => translator(await channelLocale({ settings }, workspaceId)),
        post: async (msg) => {
          await (await params.slack(workspaceId)).chat.postMessage({ channel, ...msg });
        },
      });
    } catch (err) {
      logger.warn({ err, workspaceId }, 'budget warning not posted');
    }
  };
}
