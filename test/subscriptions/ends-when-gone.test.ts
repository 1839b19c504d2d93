import { describe, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { shopCalls, subscribe } from './world.js';

// A subscription whose own post gets a Slack error no retry can fix ends there, with no channel
// event needed (one can be missed): no more polls, no post tried again. Signed requests to the
// real app, the Slack double refusing the post, on SQLite and PostgreSQL. Each case has its own
// bot, Slack double and database, and spends most of its time waiting (the 6 s without a poll),
// so the cases run at once.
const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;

const CASES = [
  ['channel_not_found', 'left_channel'],
  ['not_in_channel', 'left_channel'],
  ['is_archived', 'archived'],
  ['account_inactive', 'uninstalled'],
  ['invalid_auth', 'uninstalled'],
] as const;

describe.concurrent.each(DIALECTS)(
  'a subscription whose post Slack refuses for good (%s)',
  (dialect) => {
    it.for(CASES)(
      'ends on %s (%s), polls no more and posts nothing again',
      { timeout: 40_000 },
      async ([error, reason], { expect, onTestFinished }) => {
        const database = await botDatabase(dialect);
        onTestFinished(() => database.dispose().catch(() => undefined));
        const h = await startBot({
          DATABASE_URL: database.url,
          SUBSCRIPTION_MIN_INTERVAL_MS: '1000',
        });
        onTestFinished(() => h.stop().catch(() => undefined));
        const sandbox = h.bot.sandbox!;
        await subscribe(h, `${SHOP} every=1s`);
        await eventually(() => shopCalls(sandbox).length >= 1, 8000, 'the first poll');

        h.double.failNext('chat.postMessage', { error });
        sandbox.addShopOrders(SHOP, 1);
        const ended = await eventually(
          async () => {
            const row = await h.bot.deps.store.db
              .withTables<{ subscriptions: { state: string; ended_reason: string | null } }>()
              .selectFrom('subscriptions')
              .select(['state', 'ended_reason'])
              .executeTakeFirst();
            return row?.state === 'ended' ? row : undefined;
          },
          10_000,
          'the subscription ended',
        );
        expect(ended.ended_reason).toBe(reason);
        const refused = h.double.callsTo('chat.postMessage').filter((c) => c.error);
        expect(refused.map((c) => c.error)).toEqual([error]);

        // A poll already under way may finish; none starts after it, and the post is not retried.
        const calls = shopCalls(sandbox).length;
        const posts = h.double.callsTo('chat.postMessage').length;
        await new Promise((r) => setTimeout(r, 6000));
        expect(shopCalls(sandbox).length).toBeLessThanOrEqual(calls + 1);
        expect(h.double.callsTo('chat.postMessage')).toHaveLength(posts);
      },
    );
  },
);
