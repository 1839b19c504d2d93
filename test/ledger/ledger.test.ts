import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../fakes/databases.js';
import { charge, ledgerOn, ledgerPerTest, refund } from '../fakes/ledger.js';

const WEEK = { from: new Date('2024-05-01T00:00:00Z'), to: new Date('2024-05-08T00:00:00Z') };

describe.each(DIALECTS)('ledger on %s', (dialect) => {
  const freshLedger = ledgerPerTest(dialect);

  async function setUp() {
    return freshLedger('2024-05-03T10:00:00Z');
  }

  it('adds charges, subtracts refunds, and splits them by operation and user', async () => {
    const { ledger } = await setUp();
    await ledger.record(charge(10, 'qrCreate'));
    await ledger.record(charge(10, 'qrCreate', { userId: 'U2' }));
    await ledger.record(charge(3, 'accountData', { userId: 'U2' }));
    await ledger.record(refund(10, 'S1'));

    const report = await ledger.spend({ workspaceId: 'T1', ...WEEK, timeZone: 'UTC' });

    expect(report).toMatchObject({ charged: 23, refunded: 10, net: 13, calls: 3 });
    expect(report.byOperation).toEqual([
      { operation: 'qrCreate', charged: 20, refunded: 0, net: 20, calls: 2 },
      { operation: 'accountData', charged: 3, refunded: 0, net: 3, calls: 1 },
      { operation: 'qrStatus', charged: 0, refunded: 10, net: -10, calls: 0 },
    ]);
    expect(report.byUser).toEqual([
      { userId: 'U2', net: 13, calls: 2 },
      { userId: 'U1', net: 0, calls: 1 },
    ]);
  });

  it('counts a zero-point call as a call that cost nothing', async () => {
    const { ledger } = await setUp();
    await ledger.record(charge(0, 'payOrder'));
    await ledger.record(charge(0, 'payOrder'));

    const report = await ledger.spend({ workspaceId: 'T1', ...WEEK, timeZone: 'UTC' });

    expect(report.net).toBe(0);
    expect(report.calls).toBe(2);
    expect(report.byOperation).toEqual([
      { operation: 'payOrder', charged: 0, refunded: 0, net: 0, calls: 2 },
    ]);
    expect(report.byUser).toEqual([{ userId: 'U1', net: 0, calls: 2 }]);
  });

  it('keeps other workspaces and other weeks out of a report', async () => {
    const { ledger, time } = await setUp();
    await ledger.record(charge(5));
    await ledger.record(charge(7, 'accountData', { workspaceId: 'T2' }));
    time.set('2024-05-08T00:00:00Z');
    await ledger.record(charge(11));

    const report = await ledger.spend({ workspaceId: 'T1', ...WEEK, timeZone: 'UTC' });

    expect(report.net).toBe(5);
  });

  it('records a QR session refund once, however often it is reported', async () => {
    const { ledger } = await setUp();
    await ledger.record(charge(10, 'qrCreate'));

    const first = await ledger.record(refund(10, 'S1'));
    const again = await ledger.record(refund(10, 'S1'));
    const otherSession = await ledger.record(refund(10, 'S2'));
    const otherWorkspace = await ledger.record(refund(10, 'S1', { workspaceId: 'T2' }));

    expect([first, again, otherSession, otherWorkspace].map((r) => r.recorded)).toEqual([
      true,
      false,
      true,
      true,
    ]);
    const report = await ledger.spend({ workspaceId: 'T1', ...WEEK, timeZone: 'UTC' });
    expect(report.refunded).toBe(20);
  });

  it('records one refund when duplicates race, from one store or two', async () => {
    const { ledger, database: db, time } = await setUp();
    const second = ledgerOn(await db.open(), time.clock);

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? second : ledger).record(refund(10, 'S9'))),
    );

    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    const report = await ledger.spend({ workspaceId: 'T1', ...WEEK, timeZone: 'UTC' });
    expect(report.refunded).toBe(10);
  });

  it('allows several charges for the same QR session', async () => {
    const { ledger } = await setUp();

    await ledger.record(charge(1, 'qrStatus', { qrSessionId: 'S1' }));
    const second = await ledger.record(charge(1, 'qrStatus', { qrSessionId: 'S1' }));

    expect(second.recorded).toBe(true);
    expect((await ledger.spend({ workspaceId: 'T1', ...WEEK, timeZone: 'UTC' })).calls).toBe(2);
  });

  it('refuses negative or fractional points', async () => {
    const { ledger } = await setUp();

    await expect(ledger.record(charge(-1))).rejects.toThrow(RangeError);
    await expect(ledger.record(charge(1.5))).rejects.toThrow(RangeError);
  });

  it('lists the newest entries first, with everything App Home shows', async () => {
    const { ledger, time } = await setUp();
    await ledger.record(charge(1, 'accountData'));
    time.set('2024-05-03T11:00:00Z');
    await ledger.record(charge(2, 'coupons', { userId: 'U7' }));
    time.set('2024-05-03T12:00:00Z');
    await ledger.record(refund(1, 'S1'));

    const recent = await ledger.recent({ workspaceId: 'T1', limit: 2 });

    expect(recent.map((e) => [e.operation, e.kind, e.points])).toEqual([
      ['qrStatus', 'refund', 1],
      ['coupons', 'charge', 2],
    ]);
    expect(recent[0]).toMatchObject({ qrSessionId: 'S1', gatewayCode: 0, channelId: 'C1' });
    expect(recent[1]?.createdAt.toISOString()).toBe('2024-05-03T11:00:00.000Z');
    expect(recent[1]?.userId).toBe('U7');
  });
});
