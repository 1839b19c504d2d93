import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../fakes/databases.js';
import { charge, ledgerPerTest, refund } from '../fakes/ledger.js';

describe.each(DIALECTS)('spend by local day on %s', (dialect) => {
  const freshLedger = ledgerPerTest(dialect);

  async function setUp() {
    return freshLedger('2024-01-01T00:00:00Z');
  }

  it('splits Shanghai days at 16:00 UTC and lists empty days as zero', async () => {
    const { ledger, time } = await setUp();
    time.set('2024-03-09T15:59:59.999Z'); // 23:59:59.999 on the 9th in Shanghai
    await ledger.record(charge(4));
    time.set('2024-03-09T16:00:00.000Z'); // 00:00 on the 10th
    await ledger.record(charge(6));
    time.set('2024-03-11T17:00:00.000Z'); // 01:00 on the 12th
    await ledger.record(charge(1));
    await ledger.record(refund(1, 'S1'));

    const report = await ledger.spend({
      workspaceId: 'T1',
      from: new Date('2024-03-08T16:00:00Z'),
      to: new Date('2024-03-12T16:00:00Z'),
      timeZone: 'Asia/Shanghai',
    });

    expect(report.byDay).toEqual([
      { day: '2024-03-09', net: 4 },
      { day: '2024-03-10', net: 6 },
      { day: '2024-03-11', net: 0 },
      { day: '2024-03-12', net: 0 },
    ]);
    expect(report.net).toBe(10);
  });

  it('follows New York across both DST changes', async () => {
    const { ledger, time } = await setUp();
    time.set('2024-03-11T03:30:00Z'); // 23:30 EDT on 10 March
    await ledger.record(charge(2));
    time.set('2024-03-11T04:30:00Z'); // 00:30 EDT on 11 March (a fixed UTC-5 would say the 10th)
    await ledger.record(charge(3));
    time.set('2024-11-04T04:30:00Z'); // 23:30 EST on 3 November (a fixed UTC-4 would say the 4th)
    await ledger.record(charge(5));
    time.set('2024-11-04T05:00:00Z'); // 00:00 EST on 4 November
    await ledger.record(charge(7));

    const spring = await ledger.spend({
      workspaceId: 'T1',
      from: new Date('2024-03-10T05:00:00Z'),
      to: new Date('2024-03-12T04:00:00Z'),
      timeZone: 'America/New_York',
    });
    const autumn = await ledger.spend({
      workspaceId: 'T1',
      from: new Date('2024-11-03T04:00:00Z'),
      to: new Date('2024-11-05T05:00:00Z'),
      timeZone: 'America/New_York',
    });

    expect(spring.byDay).toEqual([
      { day: '2024-03-10', net: 2 },
      { day: '2024-03-11', net: 3 },
    ]);
    expect(autumn.byDay).toEqual([
      { day: '2024-11-03', net: 5 },
      { day: '2024-11-04', net: 7 },
    ]);
  });

  it('gives the net of the local day around any instant in it', async () => {
    const { ledger, time } = await setUp();
    time.set('2024-03-09T15:00:00Z'); // 9 March in Shanghai
    await ledger.record(charge(8));
    time.set('2024-03-09T17:00:00Z'); // 10 March in Shanghai
    await ledger.record(charge(5));
    await ledger.record(refund(2, 'S1'));

    const tenth = await ledger.spentOnDay({
      workspaceId: 'T1',
      day: new Date('2024-03-10T15:59:00Z'),
      timeZone: 'Asia/Shanghai',
    });
    const ninthUtc = await ledger.spentOnDay({
      workspaceId: 'T1',
      day: new Date('2024-03-09T00:00:00Z'),
      timeZone: 'UTC',
    });

    expect(tenth).toBe(3);
    expect(ninthUtc).toBe(11);
  });
});
