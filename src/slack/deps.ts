import type { Logger } from 'pino';
import type { AuditLog } from '../audit/audit-log.js';
import type { Config } from '../config.js';
import type { GatewayClient } from '../gateway/client.js';
import type { LocaleResolver } from '../i18n/locale-resolver.js';
import type { Ledger } from '../ledger/index.js';
import type { Metrics } from '../metrics.js';
import type { SecretBox } from '../secrets/cipher.js';
import type { Store } from '../store/index.js';
import type { SharedCache } from '../store/shared-cache.js';
import type { WorkTracker } from '../work-tracker.js';
import type { SharedResults } from './caches/shared-results.js';
import type { ConfigSettings } from './settings/querydesk-config.js';

/** Everything listeners and jobs need; built once per app (wiring/app-deps.ts). */
export interface AppDeps {
  config: Config;
  logger: Logger;
  gateway: GatewayClient;
  store: Store;
  ledger: Ledger;
  /** Every gateway call, per workspace (written by the wiring, read by /querydesk audit). */
  audit: AuditLog;
  metrics: Metrics;
  clock: () => Date;
  results: SharedResults;
  /** Short-lived values every replica sees (paging queries, gateway pages bought). */
  cache: SharedCache;
  /** Answers still being worked on after their ack; shutdown waits for them. */
  work: WorkTracker;
  /** The gateway access token for a workspace (one-workspace mode: GATEWAY_TOKEN). */
  gatewayToken(teamId: string): Promise<string>;
  /** The daily budget in points for a workspace, undefined for unlimited. */
  dailyBudget(teamId: string): Promise<number | undefined>;
  /** Where the daily summary and budget warnings go for a workspace, if anywhere. */
  summaryChannel(teamId: string): Promise<string | undefined>;
  /** Each person's language (their choice, else their Slack locale), remembered per person. */
  locales: LocaleResolver;
  /** Who may spend, the stored gateway token's last 4, and sealing a new one. */
  settings: ConfigSettings & { sealGatewayToken(teamId: string, token: string): string };
  /**
   * Drops what memory keeps for an uninstalled workspace or org (its Slack client, the rate-limit
   * queues of its gateway token), so those maps hold only installed workspaces.
   */
  forgetInMemory?(teamId: string, gatewayToken?: string): void;
  /** ENCRYPTION_KEY's box, when one is set: seals what a workflow step keeps in the store. */
  secrets?: SecretBox;
}
