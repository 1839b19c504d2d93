import type { ChargeEvent, ChargeListener } from '../gateway/charges.js';
import type { Ledger } from '../ledger/index.js';
import type { Metrics } from '../metrics.js';

/**
 * Every charge and refund the gateway reports: written to the ledger as soon as the answer is
 * parsed (before any Slack answer is sent), counted in the metrics once recorded, and handed to
 * `afterCharge` (the budget warning) when points were really charged.
 */
export function recordCharges(params: {
  ledger: Ledger;
  metrics: Metrics;
  afterCharge(e: ChargeEvent): void;
}): ChargeListener {
  const { ledger, metrics } = params;
  return async (e) => {
    const { recorded } = await ledger.record({
      workspaceId: e.workspaceId,
      userId: e.userId,
      channelId: e.channelId,
      operation: e.operation,
      points: e.points,
      kind: e.kind,
      gatewayCode: e.gatewayCode,
      requestId: e.requestId,
      qrSessionId: e.qrSessionId,
      chargeUnknown: e.chargeUnknown,
    });
    if (!recorded || e.points <= 0) return;
    (e.kind === 'refund' ? metrics.pointsRefunded : metrics.pointsCharged).inc(
      { operation: e.operation },
      e.points,
    );
    if (e.kind === 'charge') params.afterCharge(e);
  };
}
