import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { type SlackDouble, startSlackDouble } from '../../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { botDatabase } from '../../fakes/bot-database.js';
import { DIALECTS } from '../../fakes/databases.js';
import { eventually } from '../../fakes/eventually.js';

const X = SANDBOX_EXAMPLES.payOrder;
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups = [];
});

describe.each(DIALECTS)('one step execution delivered to two replicas at once (%s)', (dialect) => {
  it('is worked on by one of them: one gateway call, one completion', async () => {
    const double: SlackDouble = await startSlackDouble();
    cleanups.push(() => double.close());
    const db = await botDatabase(dialect);
    cleanups.push(() => db.dispose());
    const env = { DATABASE_URL: db.url };
    const a: BotHarness = await startBot(env, {}, double);
    cleanups.push(() => a.stop());
    const b: BotHarness = await startBot(env, {}, double);
    cleanups.push(() => b.stop());
    const calls = () =>
      [a, b].reduce(
        (n, h) => n + h.bot.sandbox!.requests().filter((r) => r.op === 'payOrder').length,
        0,
      );

    for (let i = 0; i < 5; i++) {
      const first = await double.sendFunctionExecuted(a.events, {
        callbackId: 'lookup_payment_order',
        inputs: {
          order_number: X.paid.orderNumber,
          merchant_num: X.merchantNum,
          number_type: 'platform',
        },
      });
      // The same execution reaches the other replica under another event id (a redelivery).
      const again = await double.sendFunctionExecuted(b.events, {
        callbackId: 'lookup_payment_order',
        executionId: first.executionId,
        freshEventId: true,
      });
      expect([first.ack.status, again.ack.status]).toEqual([200, 200]);
      await eventually(
        () => double.executions().find((e) => e.executionId === first.executionId)?.completion,
      );
    }
    // Both replicas have finished whatever they started before counting.
    await Promise.all([a.bot.deps.work.drain(), b.bot.deps.work.drain()]);
    expect(calls()).toBe(5);
    const completions = double.calls.filter((c) => c.method.startsWith('functions.complete'));
    expect(completions).toHaveLength(5);
    expect(completions.every((c) => c.error === undefined)).toBe(true);
  }, 60_000);
});
