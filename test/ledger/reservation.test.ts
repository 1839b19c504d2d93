import { setTimeout as delay } from 'node:timers/promises';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger, type Ledger } from '../../src/ledger/ledger.js';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { charge } from '../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';
const silent = pino({ level: 'silent' });

describe.each(DIALECTS)('budget reservation on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function replicas(n: number): Promise<Ledger[]> {
    database = await freshDatabase(dialect);
    const clock = () => new Date();
    const stores = await Promise.all(Array.from({ length: n }, () => database!.open()));
    return stores.map((store) => createLedger({ store, clock, logger: silent, timeZone: ZONE }));
  }

  let inFlight = 0;
  let mostInFlight = 0;

  /** One paid call as query() makes it: reserve, a slow gateway that charges, settle. */
  async function paidCall(
    ledger: Ledger,
    points: number,
    budget: number,
    gateway: number | (() => Promise<unknown>),
  ) {
    const r = await ledger.reserveBudget({
      workspaceId: 'T1',
      operation: 'accountData',
      operationPaid: true,
      budget,
      timeZone: ZONE,
    });
    if (!r.allowed) return 'refused';
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await (typeof gateway === 'number' ? delay(gateway) : gateway());
    inFlight -= 1;
    await ledger.record(charge(points));
    await r.hold.settle(points);
    return 'charged';
  }

  it('lets 10 simultaneous 30-point calls on two replicas spend 60 of a 60-point budget, not 300', async () => {
    const [a, b] = await replicas(2);

    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => paidCall(i % 2 ? a! : b!, 30, 60, 1000)),
    );
    const spent = await a!.spentOnDay({ workspaceId: 'T1', day: new Date(), timeZone: ZONE });

    expect(outcomes.filter((o) => o === 'charged')).toHaveLength(2);
    expect(spent).toBe(60);
  });

  it('runs calls of a known price side by side while they fit, and holds nothing for a free one', async () => {
    const [ledger] = await replicas(1);
    // The first call teaches the price (5); then 4 at once fit in 30 − 5 = 25 together.
    await paidCall(ledger!, 5, 30, 0);
    mostInFlight = 0;
    // The gateway answers once all four are in flight, or after 5 s when they could not all be:
    // a slow machine makes the overlap take longer, never smaller.
    const whenAllInFlight = () =>
      eventually(() => inFlight >= 4, 5_000, 'four calls in flight').catch(() => undefined);
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => paidCall(ledger!, 5, 30, whenAllInFlight)),
    );
    const free = await ledger!.reserveBudget({
      workspaceId: 'T1',
      operation: 'payOrder',
      operationPaid: false,
      budget: 1,
      timeZone: ZONE,
    });

    expect(outcomes).toEqual(['charged', 'charged', 'charged', 'charged']);
    expect(mostInFlight).toBe(4);
    expect(free.allowed).toBe(true);
  });

  it('refuses at once when the day is spent, and a failed call gives its hold back', async () => {
    const [ledger] = await replicas(1);
    const first = await ledger!.reserveBudget({
      workspaceId: 'T1',
      operation: 'accountData',
      operationPaid: true,
      budget: 20,
      timeZone: ZONE,
    });
    if (!first.allowed) throw new Error('first call refused');
    await first.hold.settle(undefined); // the call failed: nothing charged
    await paidCall(ledger!, 20, 20, 0);

    const refused = await ledger!.reserveBudget({
      workspaceId: 'T1',
      operation: 'accountData',
      operationPaid: true,
      budget: 20,
      timeZone: ZONE,
    });

    expect(refused).toMatchObject({ allowed: false, budget: 20, spent: 20 });
  });

  it('keeps holding the largest recent price after an answer that charged 0: the budget still holds', async () => {
    const [ledger] = await replicas(1);
    // The price is 30; then one answer happens to charge 0 (the last price is now 0).
    await paidCall(ledger!, 30, 100, 0);
    await paidCall(ledger!, 0, 100, 0);
    mostInFlight = 0;

    // 70 points left: two 30-point calls fit side by side, not all five; once they settle (90
    // spent) one more runs alone, as any call may while nothing is in flight, and the day is spent.
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => paidCall(ledger!, 30, 100, 300)),
    );
    const spent = await ledger!.spentOnDay({ workspaceId: 'T1', day: new Date(), timeZone: ZONE });

    expect(mostInFlight).toBe(2);
    expect(outcomes.filter((o) => o === 'charged')).toHaveLength(3);
    expect(spent).toBe(120);
  });
});
