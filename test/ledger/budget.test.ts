import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../fakes/databases.js';
import { charge, ledgerOn, ledgerPerTest, refund } from '../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';

describe.each(DIALECTS)('daily budget on %s', (dialect) => {
  const freshLedger = ledgerPerTest(dialect);

  async function setUp() {
    // 10:00 on 5 May in Shanghai.
    return freshLedger('2024-05-05T02:00:00Z');
  }

  const ask = (paid: boolean, budget?: number) => ({
    workspaceId: 'T1',
    operationPaid: paid,
    budget,
    timeZone: ZONE,
  });

  it('allows paid calls below the budget and refuses them once it is reached', async () => {
    const { ledger } = await setUp();
    await ledger.record(charge(99));

    const below = await ledger.checkBudget(ask(true, 100));
    await ledger.record(charge(1));
    const atLimit = await ledger.checkBudget(ask(true, 100));

    expect(below).toEqual({ allowed: true });
    expect(atLimit).toEqual({
      allowed: false,
      budget: 100,
      spent: 100,
      resetsAt: new Date('2024-05-05T16:00:00Z'), // next Shanghai midnight
    });
  });

  it('never refuses the free operation, even over budget', async () => {
    const { ledger } = await setUp();
    await ledger.record(charge(500));

    expect(await ledger.checkBudget(ask(false, 100))).toEqual({ allowed: true });
  });

  it('treats no budget as unlimited', async () => {
    const { ledger } = await setUp();
    await ledger.record(charge(10_000));

    expect(await ledger.checkBudget(ask(true))).toEqual({ allowed: true });
  });

  it('lets a refund bring the day back under budget, and a new day start from zero', async () => {
    const { ledger, time } = await setUp();
    await ledger.record(charge(100, 'qrCreate'));
    expect((await ledger.checkBudget(ask(true, 100))).allowed).toBe(false);

    await ledger.record(refund(10, 'S1'));
    const afterRefund = await ledger.checkBudget(ask(true, 100));
    await ledger.record(charge(10));
    time.set('2024-05-05T16:00:00Z'); // midnight in Shanghai
    const nextDay = await ledger.checkBudget(ask(true, 100));

    expect(afterRefund.allowed).toBe(true);
    expect(nextDay.allowed).toBe(true);
  });

  it('warns once when spend first reaches 80 % of the budget', async () => {
    const { ledger } = await setUp();
    const warn = () => ledger.crossedWarning({ workspaceId: 'T1', budget: 100, timeZone: ZONE });
    await ledger.record(charge(79));
    const at79 = await warn();
    await ledger.record(charge(1));

    const at80 = await warn();
    await ledger.record(charge(15));
    const at95 = await warn();

    expect([at79, at80, at95]).toEqual([false, true, false]);
  });

  it('warns again on the next local day, and never without a budget', async () => {
    const { ledger, time } = await setUp();
    await ledger.record(charge(90));
    expect(await ledger.crossedWarning({ workspaceId: 'T1', budget: 100, timeZone: ZONE })).toBe(
      true,
    );
    time.set('2024-05-06T02:00:00Z');
    await ledger.record(charge(85));

    const nextDay = await ledger.crossedWarning({ workspaceId: 'T1', budget: 100, timeZone: ZONE });
    const unlimited = await ledger.crossedWarning({ workspaceId: 'T2', timeZone: ZONE });

    expect(nextDay).toBe(true);
    expect(unlimited).toBe(false);
  });

  it('lets only one of two replicas warn when both see the crossing', async () => {
    const { ledger, database: db, time } = await setUp();
    const replica = ledgerOn(await db.open(), time.clock);
    await ledger.record(charge(80));

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? replica : ledger).crossedWarning({
          workspaceId: 'T1',
          budget: 100,
          timeZone: ZONE,
        }),
      ),
    );

    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});
