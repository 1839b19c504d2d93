import { type Config, ConfigError } from '../config.js';
import type { ChargeEvent, ChargeListener } from '../gateway/charges.js';
import type { GatewayClient } from '../gateway/client.js';
import type { Ledger, LedgerDeps } from '../ledger/index.js';
import { type ChargeJournal, createChargeJournal } from '../ledger/journal.js';
import { checkJournalDir, journalDirFor } from '../ledger/journal-dir.js';
import type { SettledCharge } from '../ledger/unconfirmed.js';
import type { Metrics } from '../metrics.js';
import { SUBSCRIPTIONS_LEDGER } from '../subscriptions/ledger-name.js';
import type { WorkTracker } from '../work-tracker.js';
import { budgetWarnings } from './budget-warnings.js';
import type { Lifecycle } from './lifecycle.js';

/** Start-up stops, naming JOURNAL_DIR, when charges could not be kept there. */
export function journalDirWritable(config: Pick<Config, 'journalDir' | 'databaseUrl'>): void {
  try {
    checkJournalDir(journalDirFor(config.journalDir, config.databaseUrl));
  } catch (err) {
    throw new ConfigError(
      'JOURNAL_DIR',
      `${config.journalDir} is ${(err as Error).message}; charges wait there while the store is away, so it must be writable and persistent`,
    );
  }
}

/**
 * The write-ahead journal in front of the ledger: charges the store cannot take right now wait in
 * a local file and are replayed. Owned by `life` after the store, so its last replay runs before
 * the store closes.
 */
export function chargeJournal(
  config: Pick<Config, 'journalDir' | 'databaseUrl'>,
  deps: LedgerDeps & { ledger: Ledger },
  life: Lifecycle,
): ChargeJournal {
  const dir = journalDirFor(config.journalDir, config.databaseUrl);
  const journal = createChargeJournal({ ...deps, dir, recordAt: deps.ledger.recordAt });
  return life.own(journal, (j) => j.close());
}

/**
 * Every charge and refund the gateway reports: written to the ledger as soon as the answer is
 * parsed (before any Slack answer is sent), counted in the metrics once recorded, and handed to
 * `afterCharge` (the budget warning) when points were really charged.
 */
export function recordCharges(params: {
  /** Where entries are written: the ledger, or the charge journal in front of it. */
  ledger: Pick<Ledger, 'record'>;
  metrics: Metrics;
  afterCharge(e: ChargeEvent): void;
  /** Unconfirmed charges this answer settled (the audit marks them). */
  onSettled?(workspaceId: string, settled: readonly SettledCharge[]): void;
}): ChargeListener {
  const { ledger, metrics } = params;
  return async (e) => {
    const { recorded, settled } = await ledger.record({
      workspaceId: e.workspaceId,
      userId: e.userId,
      channelId: e.channelId,
      // A subscription's polls are booked as their own line (`subscriptions`), apart from lookups.
      operation: e.origin === SUBSCRIPTIONS_LEDGER ? SUBSCRIPTIONS_LEDGER : e.operation,
      points: e.points,
      kind: e.kind,
      gatewayCode: e.gatewayCode,
      requestId: e.requestId,
      qrSessionId: e.qrSessionId,
      chargeUnknown: e.chargeUnknown,
    });
    if (settled && settled.length > 0) {
      for (const s of settled) {
        if (s.points > 0) metrics.pointsCharged.inc({ operation: s.operation }, s.points);
      }
      params.onSettled?.(e.workspaceId, settled);
    }
    if (!recorded || e.points <= 0) return;
    (e.kind === 'refund' ? metrics.pointsRefunded : metrics.pointsCharged).inc(
      { operation: e.operation },
      e.points,
    );
    if (e.kind === 'charge') params.afterCharge(e);
  };
}

/**
 * The gateway's charges to the ledger (through the journal), counted, settled in the audit, and
 * each followed by a budget check off the answer's path: the person gets their card while the
 * warning is checked and posted.
 */
export function chargeHooks(
  p: Parameters<typeof budgetWarnings>[0] & {
    gateway: Pick<GatewayClient, 'onCharge'>;
    journal: Pick<Ledger, 'record'>;
    metrics: Metrics;
    work: WorkTracker;
    audited: { onSettled(workspaceId: string, settled: readonly SettledCharge[]): void };
  },
): void {
  const warn = budgetWarnings(p);
  const afterCharge = (e: ChargeEvent) => void p.work.track(warn(e.workspaceId, e));
  p.gateway.onCharge(
    recordCharges({
      ledger: p.journal,
      metrics: p.metrics,
      afterCharge,
      onSettled: p.audited.onSettled,
    }),
  );
}
