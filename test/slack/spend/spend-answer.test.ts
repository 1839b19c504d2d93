import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { ArgsError } from '../../../src/slack/args/index.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { spendAnswer } from '../../../src/slack/spend/index.js';
import { DIALECTS } from '../../fakes/databases.js';
import { charge, ledgerPerTest } from '../../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';

describe.each(DIALECTS)('/spend answer on %s', (dialect) => {
  const freshLedger = ledgerPerTest(dialect);

  async function setUp() {
    const fresh = await freshLedger('2026-11-18T02:00:00Z');
    const { time, ledger } = fresh;
    await ledger.record(charge(50, 'shopOrders'));
    time.set('2026-11-21T02:00:00Z');
    await ledger.record(charge(30, 'coupons'));
    await ledger.record(charge(7, 'coupons', { workspaceId: 'T2' }));
    time.set('2026-11-21T04:00:00Z');
    const ask = (text: string) =>
      spendAnswer({
        ledger,
        workspaceId: 'T1',
        text,
        now: time.clock(),
        timeZone: ZONE,
        budget: 40,
        sandbox: false,
        t: translator('en'),
      });
    return { ask };
  }

  it('answers today and 7d with this workspace’s points and today’s budget', async () => {
    const { ask } = await setUp();

    const today = await ask('');
    const week = await ask('7d');

    expect(checkMessage(today)).toEqual([]);
    expect(today.text).toContain('Points spent today: 30 points net');
    expect(week.text).toContain('Points spent last 7 days: 80 points net');
    expect(week.text).toContain('30 points of 40 points used, 10 points left');
  });

  it('refuses an unknown period with the usage line', async () => {
    const { ask } = await setUp();

    await expect(ask('yesterday')).rejects.toBeInstanceOf(ArgsError);
    await expect(ask('yesterday')).rejects.toThrow(/choose today, 7d or 30d/);
  });
});
