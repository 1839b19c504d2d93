import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { DEFAULT_CHANNEL } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';

// An order watch whose own thread reply Slack refuses for good stops there, with no channel
// event needed: nothing is checked or posted for it again. Signed requests to the real app, the
// Slack double refusing the reply, on SQLite and PostgreSQL.
const X = SANDBOX_EXAMPLES.payOrder;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

describe.each(DIALECTS)('an order watch whose reply Slack refuses for good (%s)', (dialect) => {
  it.each(['is_archived', 'invalid_auth'])(
    'stops on %s and checks no more',
    async (error) => {
      const database = await botDatabase(dialect);
      cleanups.push(() => database.dispose());
      const env = { DATABASE_URL: database.url, ORDER_WATCH_INTERVAL_MS: '150' };
      const h = await startBot(env, { sandbox: { orderPayAfterMs: 1500 } });
      cleanups.push(() => h.stop());
      const order = X.lateCallback.orderNumber;
      await h.double.sendCommand(h.events, {
        command: '/payorder',
        text: `watch ${order} ${X.merchantNum}`,
      });
      await h.double.waitFor(
        () =>
          h.double.messages(DEFAULT_CHANNEL).find((m) => !m.ephemeral && m.text.includes(order)),
        8000,
      );
      // The card is there; the next post is the "paid" reply in its thread.
      h.double.failNext('chat.postMessage', { error });
      const state = async () =>
        (
          await h.bot.deps.store.db
            .withTables<{ order_watches: { watch_state: string } }>()
            .selectFrom('order_watches')
            .select('watch_state')
            .executeTakeFirst()
        )?.watch_state;
      await eventually(async () => (await state()) === 'stopped', 10_000, 'the watch stopped');
      expect(h.double.callsTo('chat.postMessage').filter((c) => c.error)).toHaveLength(1);

      const checks = () => h.bot.sandbox!.requests().filter((r) => r.op === 'payOrder').length;
      const before = checks();
      await new Promise((r) => setTimeout(r, 1000));
      expect(checks()).toBeLessThanOrEqual(before + 1);
      expect(await state()).toBe('stopped');
    },
    40_000,
  );
});
