import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHARGES,
  SANDBOX_EXAMPLES,
  type Sandbox,
  startSandbox,
} from '../../src/sandbox/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { startGatewayProxy } from '../fakes/gateway-proxy.js';
import { shopCalls, subscribe } from './world.js';

// A workspace with a daily budget whose operation 7 was only ever paid by subscription polls
// (booked as `subscriptions`, no `/shoporders` lookup): a poll in flight holds its own price
// against the budget, not the whole rest of it, so it does not make people's look-ups wait.
const X = SANDBOX_EXAMPLES;
const BUDGET = 1000;
let sandbox: Sandbox | undefined;
let proxy: Awaited<ReturnType<typeof startGatewayProxy>> | undefined;
let h: BotHarness | undefined;
let db: { dispose(): Promise<void> } | undefined;
let release = () => {};
afterEach(async () => {
  release();
  await h?.stop();
  await proxy?.close();
  await sandbox?.close();
  await db?.dispose();
  h = proxy = sandbox = db = undefined;
});

/** What the budget holds for the calls in flight now, in points. */
async function heldPoints(b: BotHarness): Promise<number[]> {
  const rows = await b.bot.deps.store.db
    .selectFrom('budget_reservations')
    .select('points')
    .where('expires_at', '>', Date.now())
    .execute();
  return rows.map((r) => Number(r.points));
}

describe.each(DIALECTS)('a subscription poll under a daily budget (%s)', (dialect) => {
  it('holds the price its operation was last charged as a poll, not the rest of the budget', async () => {
    const database = await botDatabase(dialect);
    db = database;
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    proxy = await startGatewayProxy(sandbox.url);
    h = await startBot({
      DATABASE_URL: database.url,
      GATEWAY_BASE_URL: proxy.url,
      GATEWAY_TOKEN: X.token,
      DAILY_BUDGET_POINTS: String(BUDGET),
      SUBSCRIPTION_MIN_INTERVAL_MS: '1000',
    });
    const price = DEFAULT_CHARGES.shopOrders;
    expect(price).toBeGreaterThan(0);
    await subscribe(h, `${X.shopOrders.ownerId} every=1s`);
    // The first poll of an unknown price runs alone; its charge names the price.
    await eventually(() => shopCalls(sandbox!).length >= 1, 10_000, 'a first poll');
    await eventually(
      async () =>
        (await h!.bot.deps.store.db
          .selectFrom('ledger_prices')
          .select('points')
          .where('operation', '=', 'subscriptions')
          .executeTakeFirst()) !== undefined,
      10_000,
      'the poll price noted',
    );

    // The next poll is held in flight at the gateway: what does the budget hold for it?
    release = proxy.hold().release;
    const served = shopCalls(sandbox).length;
    await eventually(() => shopCalls(sandbox!).length > served, 10_000, 'a poll in flight');
    const held = await heldPoints(h);
    release();

    expect(held).toEqual([price]);
  }, 30_000);
});
