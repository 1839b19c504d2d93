import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES, startSandbox } from '../../src/sandbox/index.js';
import { startSlackDouble } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { orderPosts, shopCalls, subscribe } from './world.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

describe.each(DIALECTS)('a subscription with two replicas (%s)', (dialect) => {
  it('is polled once per interval (±10 %) across both, and each order is posted once; a restart goes on', async () => {
    const sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
    cleanups.push(() => sandbox.close());
    const double = await startSlackDouble();
    cleanups.push(() => double.close());
    const database = await botDatabase(dialect);
    cleanups.push(() => database.dispose());
    const env = {
      SUBSCRIPTION_MIN_INTERVAL_MS: '1000',
      DATABASE_URL: database.url,
      GATEWAY_BASE_URL: sandbox.url,
      GATEWAY_TOKEN: 'sandbox-token',
    };
    const a = await startBot(env, {}, double);
    cleanups.push(() => a.stop());
    const b = await startBot(env, {}, double);
    cleanups.push(() => b.stop());

    await subscribe(a, `${SHOP} every=1s`);
    sandbox.addShopOrders(SHOP, 2);
    await eventually(() => shopCalls(sandbox).length >= 6, 15_000, 'six polls');
    sandbox.addShopOrders(SHOP, 3);
    // One replica stops (a deploy): the other goes on alone.
    await a.stop();
    await double.waitFor(() => orderPosts(double).length === 5, 15_000);
    await eventually(() => shopCalls(sandbox).length >= 9, 15_000, 'nine polls');

    // Never two polls within 90 % of the interval (less what a poll's own start may vary).
    const at = shopCalls(sandbox).map((r) => r.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(850);
    const posted = orderPosts(double);
    expect(new Set(posted).size).toBe(5);
  }, 60_000);
});
