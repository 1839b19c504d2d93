import type { AuditLog } from '../audit/audit-log.js';
import type { Config } from '../config.js';
import type { GatewayClient } from '../gateway/client.js';
import { createLocaleResolver } from '../i18n/locale-resolver.js';
import type { Ledger } from '../ledger/index.js';
import type { Metrics } from '../metrics.js';
import type { SecretBox } from '../secrets/cipher.js';
import { sharedResults } from '../slack/caches/shared-results.js';
import type { AppDeps } from '../slack/deps.js';
import type { workspaceSettings } from '../slack/settings/workspace-settings.js';
import type { Store } from '../store/index.js';
import { createSharedCache } from '../store/shared-cache.js';
import type { WorkTracker } from '../work-tracker.js';

/** What every Slack handler gets; the gateway token is GATEWAY_TOKEN's or, in OAuth mode, the workspace's. */
export function oneWorkspaceDeps(p: {
  config: Config;
  logger: AppDeps['logger'];
  clock: () => Date;
  metrics: Metrics;
  store: Store;
  ledger: Ledger;
  gateway: GatewayClient;
  work: WorkTracker;
  settings: ReturnType<typeof workspaceSettings>;
  audit: AuditLog;
  secrets?: SecretBox;
  forgetInMemory?: AppDeps['forgetInMemory'];
}): AppDeps {
  const cache = createSharedCache(p.store.db, () => p.clock().getTime());
  const { settings, config } = p;
  return {
    ...{ config, logger: p.logger, clock: p.clock, metrics: p.metrics, store: p.store },
    ...{ ledger: p.ledger, gateway: p.gateway, work: p.work, cache, audit: p.audit },
    results: sharedResults(cache, (err) =>
      p.logger.warn({ err }, 'result not kept; its card is shown without Share'),
    ),
    gatewayToken: settings.gatewayToken,
    settings,
    locales: createLocaleResolver({ db: p.store.db, clock: p.clock }),
    dailyBudget: settings.dailyBudget,
    summaryChannel: settings.summaryChannel,
    ...(p.secrets ? { secrets: p.secrets } : {}),
    forgetInMemory: p.forgetInMemory,
  };
}
