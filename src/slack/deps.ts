import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GatewayClient } from '../gateway/client.js';
import type { Ledger } from '../ledger/index.js';
import type { Metrics } from '../metrics.js';
import type { Store } from '../store/index.js';
import type { WorkTracker } from '../work-tracker.js';
import type { SlackMessage } from './blocks/message.js';
import type { ResultCache } from './result-cache.js';

/** A result already paid for, kept briefly so it can be shared or re-rendered for free. */
export interface CachedResult {
  /** Who asked and where: sharing posts to this channel. */
  teamId: string;
  userId: string;
  channelId: string;
  /** The same card, for the channel: no buttons that act on the asker's behalf. */
  renderShared(sharedBy: string): SlackMessage;
}

/** Everything listeners and jobs need; built once in main.ts. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  gateway: GatewayClient;
  store: Store;
  ledger: Ledger;
  metrics: Metrics;
  clock: () => Date;
  results: ResultCache<CachedResult>;
  /** Answers still being worked on after their ack; shutdown waits for them. */
  work: WorkTracker;
  /** The gateway access token for a workspace (one-workspace mode: GATEWAY_TOKEN). */
  gatewayToken(teamId: string): Promise<string>;
  /** The daily budget in points for a workspace, undefined for unlimited. */
  dailyBudget(teamId: string): Promise<number | undefined>;
  /** Where the daily summary and budget warnings go for a workspace, if anywhere. */
  summaryChannel(teamId: string): Promise<string | undefined>;
}
