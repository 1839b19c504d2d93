import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GatewayClient } from '../gateway/client.js';
import type { OperationLimiter } from '../gateway/limiter.js';
import { createLedger } from '../ledger/index.js';
import type { Metrics } from '../metrics.js';
import { registerClientGauge, registerMakingGauges } from '../queue-gauges.js';
import type { Sandbox } from '../sandbox/index.js';
import type { AppDeps } from '../slack/deps.js';
import { type OpenStoreOptions, openStore, type Store } from '../store/index.js';
import { WorkTracker } from '../work-tracker.js';
import { oneWorkspaceDeps } from './app-deps.js';
import { auditing } from './audit.js';
import { chargeHooks, chargeJournal, journalDirWritable } from './charges.js';
import { gatewayClient, processLimiter } from './gateway.js';
import type { Lifecycle } from './lifecycle.js';
import { forgetting, tenancy } from './oauth.js';

/**
 * What both threads of a process build alike (the main thread, and the background thread in
 * many-workspace mode): the store, the ledger behind its charge journal, the audit, the gateway
 * client and who the workspaces are. Each is owned by `life`, so it stops in reverse.
 */
export interface Core {
  config: Config;
  logger: Logger;
  clock: () => Date;
  metrics: Metrics;
  /** The gateway is the embedded sandbox. */
  sandbox: boolean;
  store: Store;
  work: WorkTracker;
  gateway: GatewayClient;
  /** The limiter the gateway client takes its turns at (the main thread's, or remote). */
  limiter: OperationLimiter;
  tenants: Awaited<ReturnType<typeof tenancy>>;
  /**
   * The handlers' deps. Hooks the gateway's charges to the ledger (through the journal, with the
   * budget warnings), so it is called once.
   */
  handlerDeps(appClient: () => WebClient): AppDeps;
  clientFor(appClient: () => WebClient): (teamId: string) => Promise<WebClient>;
}

export interface CoreOptions {
  logger: Logger;
  clock: () => Date;
  metrics: Metrics;
  /** The gateway: the embedded sandbox's address, when it runs. */
  sandbox?: Pick<Sandbox, 'url'>;
  storeLog?: OpenStoreOptions['storeLog'];
  /** The store's pools (PostgreSQL): `config.databasePool` unless given. */
  poolSizes?: OpenStoreOptions['poolSizes'];
  /** The background thread's: its calls take their turn at the main thread's limiter. */
  limiter?: OperationLimiter;
  /**
   * Which thread builds it: the queue gauges are the main thread's alone (the limiter's queues
   * are its own; the QR count would be counted twice).
   */
  thread: 'main' | 'background';
}

export async function openCore(config: Config, o: CoreOptions, life: Lifecycle): Promise<Core> {
  const { logger, clock, metrics } = o;
  journalDirWritable(config);
  const poolSizes = o.poolSizes ?? config.databasePool;
  const store = life.own(
    await openStore(config.databaseUrl, { logger, storeLog: o.storeLog, poolSizes }),
    (s) => s.close(),
  );
  const ledger = createLedger({ store, clock, logger, timeZone: config.spendSummary.timeZone });
  // Charges the store cannot take right now wait in a local file (closed before the store).
  const journal = chargeJournal(config, { store, clock, logger, ledger }, life);
  const work = new WorkTracker();
  const audit = { retentionDays: config.auditRetentionDays, journal: config };
  const audited = auditing({ store, clock, logger, work, ...audit }, life);
  const limiter = o.limiter ?? life.own(processLimiter(config, logger), (l) => l.close());
  const gauges = o.thread === 'main';
  if (gauges) registerMakingGauges(metrics.registry, () => work.makingDepth);
  const gateway = life.own(
    gatewayClient(config, o.sandbox, { metrics, logger, store, gauges, limiter }, audited.toAudit),
    (g) => g.close(),
  );
  const tenants = await tenancy({ config, store, clock, logger });
  const { settings, oauth } = tenants;
  if (oauth) {
    const label = o.thread === 'background' ? 'background' : undefined;
    registerClientGauge(metrics.registry, oauth.clientCount, label);
  }
  const core = { config, logger, clock, ledger, settings, sandbox: !!o.sandbox };
  const clientFor = (appClient: () => WebClient) => tenants.clientFor(appClient);
  return {
    ...{ config, logger, clock, metrics, store, work, gateway, limiter, tenants, clientFor },
    sandbox: !!o.sandbox,
    handlerDeps(appClient) {
      const slack = clientFor(appClient);
      chargeHooks({ ...core, gateway, journal, metrics, work, audited, slack });
      const parts = { metrics, store, gateway, work, audit: audited.audit, secrets: tenants.box };
      return oneWorkspaceDeps({ ...core, ...parts, forgetInMemory: forgetting(oauth, gateway) });
    },
  };
}
