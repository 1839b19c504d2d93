import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/translator.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import type { SlackMessage } from '../../../src/slack/blocks/message.js';
import { maybeWarnBudget } from '../../../src/slack/spend/budget-warning.js';
import { DIALECTS } from '../../fakes/databases.js';
import { charge, ledgerPerTest } from '../../fakes/ledger.js';

const ZONE = 'Asia/Shanghai';

describe.each(DIALECTS)('maybeWarnBudget on %s', (dialect) => {
  const freshLedger = ledgerPerTest(dialect);

  it('posts one warning when 80 % is crossed, naming spend, budget and reset time', async () => {
    const fresh = await freshLedger('2026-11-21T02:00:00Z'); // 10:00 in Shanghai
    const { time, ledger } = fresh;
    const posted: SlackMessage[] = [];
    const warn = () =>
      maybeWarnBudget({
        ledger,
        workspaceId: 'T1',
        budget: 200,
        timeZone: ZONE,
        now: time.clock(),
        t: async () => translator('en'),
        post: async (m) => {
          posted.push(m);
        },
      });

    await ledger.record(charge(150));
    const below = await warn();
    await ledger.record(charge(15));
    const crossed = await warn();
    await ledger.record(charge(10));
    const again = await warn();
    time.set('2026-11-21T16:30:00Z'); // next local day, 00:30
    await ledger.record(charge(170));
    const nextDay = await warn();

    expect([below, crossed, again, nextDay]).toEqual([false, true, false, true]);
    expect(posted).toHaveLength(2);
    expect(posted[0]?.text).toBe(
      "80 % of today's budget used: 165 of 200 points; paid look-ups stop at 200; resets at 00:00 (Asia/Shanghai).",
    );
    expect(posted[1]?.text).toContain('170 of 200 points');
    expect(posted.flatMap((m) => checkMessage(m))).toEqual([]);
  });

  it('never warns without a budget', async () => {
    const fresh = await freshLedger('2026-11-21T02:00:00Z');
    const { time, ledger } = fresh;
    await ledger.record(charge(10_000));
    const posted: SlackMessage[] = [];

    const warned = await maybeWarnBudget({
      ledger,
      workspaceId: 'T1',
      timeZone: ZONE,
      now: time.clock(),
      t: async () => translator('en'),
      post: async (m) => {
        posted.push(m);
      },
    });

    expect(warned).toBe(false);
    expect(posted).toEqual([]);
  });
});
