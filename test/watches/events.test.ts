import { describe, expect, it } from 'vitest';
import type { PayOrder } from '../../src/gateway/operations/index.js';
import { afterCheck, type OrderWatchRow } from '../../src/watches/index.js';

const T = Date.UTC(2026, 0, 5, 6, 0, 0);
const timing = { intervalMs: 60_000, callbackAlertMs: 300_000 };
const order = (o: Partial<PayOrder>) => ({ status: 0, notified: false, ...o }) as PayOrder;
const row = (r: Partial<OrderWatchRow>) =>
  ({
    status: 0,
    notified: 0,
    paid_at: null,
    alerted: 0,
    user_id: 'U0A',
    watch_until: T + 86_400_000,
    ...r,
  }) as OrderWatchRow;

describe('what one check of a watched order means', () => {
  it('a payment seen now: "paid" once, and the next check lands on the alert moment, not an interval later', () => {
    const paidAt = new Date(T - 250_000);
    const out = afterCheck(row({}), order({ status: 1, paidAt }), T, timing);

    expect(out.events).toEqual([{ kind: 'paid', at: paidAt }]);
    expect(out.nextCheckAt).toBe(paidAt.getTime() + 300_000);
    expect(out.state).toBe('watching');
  });

  it('the alert comes once, at or after the moment; the callback after it says so and ends the watch', () => {
    const paidAt = new Date(T - 300_000);
    const first = afterCheck(
      row({ status: 1, paid_at: paidAt.getTime() }),
      order({ status: 1, paidAt }),
      T,
      timing,
    );
    expect(first.events.map((e) => e.kind)).toEqual(['not-called-back']);
    expect(first.alerted).toBe(true);

    const again = afterCheck(
      row({ status: 1, paid_at: paidAt.getTime(), alerted: 1 }),
      order({ status: 1, paidAt }),
      T + 60_000,
      timing,
    );
    expect(again.events).toEqual([]);

    const back = afterCheck(
      row({ status: 1, paid_at: paidAt.getTime(), alerted: 1 }),
      order({ status: 1, paidAt, notified: true }),
      T + 120_000,
      timing,
    );
    expect(back.events).toEqual([
      { kind: 'called-back', at: new Date(T + 120_000), afterAlert: true },
    ]);
    expect(back.state).toBe('final');
  });

  it('the first check tells nothing; refunded and cancelled are final; past the timeout it ends', () => {
    expect(
      afterCheck(row({ status: null }), order({ status: 1, paidAt: new Date(T) }), T, timing)
        .events,
    ).toEqual([]);
    expect(afterCheck(row({ status: 1 }), order({ status: 2 }), T, timing).state).toBe('final');
    expect(afterCheck(row({}), order({ status: 3 }), T, timing).state).toBe('final');
    expect(afterCheck(row({ watch_until: T }), order({}), T, timing).state).toBe('timed_out');
  });
});
