import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger } from '../../src/ledger/ledger.js';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { MAX_OPEN_PREVIEWS } from '../../src/slack/subscriptions/subscribe-command.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/open-store.js';
import { insertSubscription } from '../../src/subscriptions/index.js';
import { subscriptionDb } from '../../src/subscriptions/subscription-row.js';
import { startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';
import { eventually } from '../fakes/eventually.js';
import { charge, manualClock } from '../fakes/ledger.js';
import { activeRow, order } from './poller-fakes.js';
import { preview } from './world.js';

// What the store keeps of subscriptions and step runs, through the bot's own start on SQLite and
// PostgreSQL: what is over past its retention is pruned at start, and one person cannot leave
// previews without bound.

const DAY_MS = 86_400_000;
const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

/** A subscription row in `state`, last changed `ageMs` ago, with one post. */
async function seed(store: Store, id: string, state: string, ageMs: number, now: number) {
  const at = now - ageMs;
  const row = {
    ...activeRow(now),
    subscription_id: id,
    state: state as 'active',
    created_at: at - DAY_MS,
    updated_at: at,
    // Not due within the test: a poll prunes the posts its window no longer reaches, and this
    // test is about what the start prunes.
    next_poll_at: now + DAY_MS,
  };
  if (state === 'preview') row.created_at = at;
  await insertSubscription(store.db, row);
  // A preview has posted nothing.
  if (state === 'preview') return;
  await subscriptionDb(store.db)
    .insertInto('subscription_posts')
    .values({
      workspace_id: row.workspace_id,
      subscription_id: id,
      order_sn: `SN-${id}`,
      confirmed_at: at,
      order_json: JSON.stringify(order(`SN-${id}`)),
      batch_id: id,
      batch_size: 1,
      state: 'sent',
      thread_ts: null,
      created_at: at,
    })
    .execute();
}

async function seedStep(store: Store, id: string, claimedAt: number) {
  await store.db
    .withTables<{ step_executions: Record<string, string | number | null> }>()
    .insertInto('step_executions')
    .values({
      execution_id: id,
      workspace_id: 'T0POLLER',
      callback_id: 'points_spent',
      outcome: 'success',
      claimed_at: claimedAt,
      completed_at: claimedAt + 10,
    })
    .execute();
}

describe.each(DIALECTS)('subscription and step retention (%s)', (dialect) => {
  it('prunes ended, dismissed and stale preview rows, their posts and old step records at start', async () => {
    const db = await botDatabase(dialect);
    cleanups.push(() => db.dispose());
    const seeded = await openStore(db.url);
    cleanups.push(() => seeded.close());
    const now = Date.now();
    await seed(seeded, 'ended-old', 'ended', 31 * DAY_MS, now);
    await seed(seeded, 'dismissed-old', 'dismissed', 31 * DAY_MS, now);
    await seed(seeded, 'ended-recent', 'ended', 29 * DAY_MS, now);
    await seed(seeded, 'preview-old', 'preview', 2 * DAY_MS, now);
    await seed(seeded, 'preview-new', 'preview', 60_000, now);
    await seed(seeded, 'active-old', 'active', 90 * DAY_MS, now);
    await seedStep(seeded, 'Fx-old', now - 8 * DAY_MS);
    await seedStep(seeded, 'Fx-new', now - DAY_MS);

    const h = await startBot({ DATABASE_URL: db.url });
    cleanups.push(() => h.stop());

    const ids = async () =>
      (
        await subscriptionDb(seeded.db)
          .selectFrom('subscriptions')
          .select('subscription_id')
          .orderBy('subscription_id')
          .execute()
      ).map((r) => r.subscription_id);
    const stepIds = async () =>
      (
        await seeded.db
          .withTables<{ step_executions: { execution_id: string } }>()
          .selectFrom('step_executions')
          .select('execution_id')
          .execute()
      ).map((r) => r.execution_id);
    await eventually(
      async () => (await ids()).length === 3 && (await stepIds()).length === 1,
      10_000,
      'the old rows pruned',
    );
    const posts = await subscriptionDb(seeded.db)
      .selectFrom('subscription_posts')
      .select('subscription_id')
      .orderBy('subscription_id')
      .execute();

    expect(await ids()).toEqual(['active-old', 'ended-recent', 'preview-new']);
    expect(posts.map((p) => p.subscription_id)).toEqual(['active-old', 'ended-recent']);
    expect(await stepIds()).toEqual(['Fx-new']);
  });

  it(`refuses a person's preview past ${MAX_OPEN_PREVIEWS} open ones, saying what to do`, async () => {
    const db = await botDatabase(dialect);
    cleanups.push(() => db.dispose());
    const h = await startBot({ DATABASE_URL: db.url });
    cleanups.push(() => h.stop());
    const now = Date.now();
    h.double.addUser({ id: 'U0ZHPREVIEW', locale: 'zh-CN' });
    for (const [n, user] of ['U0PREVIEWS', 'U0ZHPREVIEW'].entries()) {
      for (let i = 0; i < MAX_OPEN_PREVIEWS; i++) {
        await insertSubscription(h.bot.deps.store.db, {
          ...activeRow(now),
          workspace_id: h.double.teamId,
          user_id: user,
          subscription_id: `00000000-0000-4000-800${n}-${String(i).padStart(12, '0')}`,
          state: 'preview',
          created_at: now - 1000,
        });
      }
    }

    const refused = await preview(h, SHOP, 'U0PREVIEWS');
    const refusedZh = await preview(h, SHOP, 'U0ZHPREVIEW');
    const other = await preview(h, SHOP, 'U0OTHER');

    expect(refused.text).toContain('Too many open previews');
    expect(refused.text).toContain(`You have ${MAX_OPEN_PREVIEWS} subscription previews open`);
    expect(refusedZh.text).toContain('未处理的预览过多');
    expect(refusedZh.text).toContain(`${MAX_OPEN_PREVIEWS} 个未处理的订阅预览`);
    for (const m of [refused, refusedZh]) {
      expect(JSON.stringify(m.blocks)).not.toContain('qd_subscribe');
    }
    expect(JSON.stringify(other.blocks)).toContain('qd_subscribe');
  });
});

describe.each(DIALECTS)('ledger retention started with the bot (%s)', (dialect) => {
  it('prunes raw ledger entries past LEDGER_RETENTION_DAYS once the bot starts', async () => {
    const db = await botDatabase(dialect);
    cleanups.push(() => db.dispose());
    const seeded = await openStore(db.url);
    cleanups.push(() => seeded.close());
    const time = manualClock(new Date().toISOString());
    const ledger = createLedger({
      store: seeded,
      clock: time.clock,
      logger: pino({ level: 'silent' }),
      timeZone: 'Asia/Shanghai',
    });
    // One charge a day for the 60 days before now.
    const now = Date.now();
    for (let d = 60; d >= 1; d--) {
      time.set(new Date(now - d * DAY_MS).toISOString());
      await ledger.record(charge(1, 'accountData', { workspaceId: 'T0LEDGER' }));
    }
    const count = async () =>
      Number(
        (
          await seeded.db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(60);

    const h = await startBot({ DATABASE_URL: db.url, LEDGER_RETENTION_DAYS: '35' });
    cleanups.push(() => h.stop());

    await eventually(async () => (await count()) < 60, 10_000, 'old ledger entries pruned');
    expect(await count()).toBeLessThanOrEqual(36);
    expect(await count()).toBeGreaterThanOrEqual(34);
  });
});
