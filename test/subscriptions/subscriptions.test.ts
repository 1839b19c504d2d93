import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { DEFAULT_CHANNEL } from '../../src/slack-double/index.js';
import { startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';
import {
  batchMessages,
  csvIn,
  ephemeralAfter,
  orderPosts,
  preview,
  SUBSCRIBER,
  shopCalls,
  subscribe,
  subscriptionMessageIn,
} from './world.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
// Polls every second in these tests (production's minimum is a minute).
const env = { SUBSCRIPTION_MIN_INTERVAL_MS: '1000' };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

describe('/shoporders subscribe', () => {
  it('refuses bad input with the usage and calls nothing', async () => {
    const h = await startBot({ SUBSCRIPTION_MIN_INTERVAL_MS: '60000' });
    cleanups.push(() => h.stop());
    const cases: [string, RegExp][] = [
      [`${SHOP} every=30s`, /every.*at least 1 min/],
      [`${SHOP} every=25h`, /at most 24h/],
      [`${SHOP} every=15`, /whole number with s, m or h/],
      [`${SHOP} edition=ordinary`, /enhanced edition only/],
      [`${SHOP} page=2`, /unknown option \W+page/],
      [`${SHOP} tag=9`, /tag/],
      ['', /missing &lt;owner_id&gt;/],
    ];
    for (const [text, problem] of cases) {
      const before = h.double.messages().filter((m) => m.ephemeral).length;
      const ack = await h.double.sendCommand(h.events, {
        command: '/shoporders',
        text: `subscribe ${text}`,
        user: SUBSCRIBER,
      });
      expect(ack.body, text).toBe('');
      // The refusal comes through the response_url, in the asker's language.
      const refusal = await ephemeralAfter(h.double, before);
      const body = refusal.text;
      expect(body, text).toMatch(problem);
      expect(body, text).toContain('Usage: /shoporders subscribe &lt;owner_id&gt; [every=15m]');
    }
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(0);
  });

  it('refuses a bad every= in a zh-CN person’s language, the option and usage as typed', async () => {
    const h = await startBot({ SUBSCRIPTION_MIN_INTERVAL_MS: '90000' });
    cleanups.push(() => h.stop());
    h.double.addUser({ id: 'U0ZHSUB', locale: 'zh-CN' });
    const refusal = async (text: string, user: string) => {
      const before = h.double.messages().filter((m) => m.ephemeral).length;
      await h.double.sendCommand(h.events, {
        command: '/shoporders',
        text: `subscribe ${SHOP} ${text}`,
        user,
      });
      const m = await ephemeralAfter(h.double, before);
      return m.text;
    };
    expect(await refusal('every=30s', 'U0ZHSUB')).toContain(
      '选项 every=“30s”：最短为 90 秒（SUBSCRIPTION_MIN_INTERVAL_MS）',
    );
    expect(await refusal('every=25h', 'U0ZHSUB')).toContain('最长为 24 小时（24h）');
    expect(await refusal('every=15', 'U0ZHSUB')).toContain('必须是整数加 s、m 或 h（如 15m）');
    expect(await refusal('edition=ordinary', 'U0ZHSUB')).toContain('订阅只能使用增强版');
    expect(await refusal('every=30s', SUBSCRIBER)).toContain(
      'option every="30s": must be at least 90 s (SUBSCRIPTION_MIN_INTERVAL_MS)',
    );
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(0);
  });

  it('refuses a Subscribe click by someone no longer allowed to spend, in their language', async () => {
    const h = await startBot(env);
    cleanups.push(() => h.stop());
    h.double.addUser({ id: 'U0ZHSUB', locale: 'zh-CN' });
    const shown = await preview(h, `${SHOP} every=1s`, 'U0ZHSUB');
    // An admin limits paid commands to someone else between the preview and the click.
    await h.bot.deps.store.db
      .insertInto('workspace_settings')
      .values({
        workspace_id: h.double.teamId,
        paid_users: JSON.stringify(['U0SOMEONEELSE']),
        updated_at: Date.now(),
      })
      .execute();
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendAction(h.events, {
      actionId: 'qd_subscribe',
      channel: shown.channel,
      messageTs: shown.ts,
      user: 'U0ZHSUB',
    });
    const refusal = await ephemeralAfter(h.double, before);
    expect(refusal.text).toContain('此处不允许');
    await new Promise((r) => setTimeout(r, 1500));
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(0);
    expect(subscriptionMessageIn(h.double)).toBeUndefined();
  });

  it('previews polls a day, the price from the ledger and the budget, calling nothing before Subscribe', async () => {
    const h = await startBot({ ...env, DAILY_BUDGET_POINTS: '5000' });
    cleanups.push(() => h.stop());
    const sandbox = h.bot.sandbox!;

    const unknown = await preview(h, `${SHOP} every=10m`);
    expect(unknown.text).toContain('144 polls a day');
    expect(unknown.text).toContain('not known yet, shown after the first poll');
    expect(unknown.text).toContain('Daily budget: 5,000 points');
    expect(JSON.stringify(unknown.blocks)).toContain('Subscribe');
    expect(JSON.stringify(unknown.blocks)).toContain('Cancel');
    expect(shopCalls(sandbox)).toHaveLength(0);

    // A lookup puts operation 7's price (5 points in the sandbox) in the ledger.
    const cards = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, { command: '/shoporders', text: SHOP, user: SUBSCRIBER });
    await ephemeralAfter(h.double, cards);
    expect(shopCalls(sandbox)).toHaveLength(1);
    const known = await preview(h, `${SHOP} every=7m remark=gift tag=2`);
    // 86400 / 420 = 205.7…: 205 polls, at least 205 × 5 points.
    expect(known.text).toContain('205 polls a day');
    expect(known.text).toContain('at least 1,025 points a day');
    expect(known.text).toContain('5 points per page');
    const defaulted = await preview(h, SHOP);
    expect(defaulted.text).toContain('96 polls a day (every 15 min)');

    // Cancel: nothing is subscribed, nothing called.
    await h.double.sendAction(h.events, {
      actionId: 'qd_subscribe_cancel',
      channel: known.channel,
      messageTs: known.ts,
      user: SUBSCRIBER,
    });
    await h.double.waitFor(
      () => h.double.messages().find((m) => m.ephemeral && /Not subscribed/.test(m.text)),
      8000,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(shopCalls(sandbox)).toHaveLength(1);
    expect(subscriptionMessageIn(h.double)).toBeUndefined();
  });

  it('posts each new order once, a batch above five with its CSV, and nothing confirmed before the click', async () => {
    const h = await startBot(env);
    cleanups.push(() => h.stop());
    const sandbox = h.bot.sandbox!;
    // Orders confirmed before the click (the 250 seeded ones and these) are never posted.
    sandbox.addShopOrders(SHOP, 2);
    await new Promise((r) => setTimeout(r, 1100));
    const message = await subscribe(h, `${SHOP} every=1s`);
    expect(message.text).toContain(`subscribed by <@${SUBSCRIBER}>`);
    expect(message.text).toContain('86,400 polls a day');
    expect(JSON.stringify(message.blocks)).toContain('Unsubscribe');
    await eventually(() => shopCalls(sandbox).length >= 1, 8000, 'the first poll');
    // Its first page's price is now known and shown.
    await h.double.waitFor(
      () => /at least 432,000 points a day/.test(subscriptionMessageIn(h.double)?.text ?? ''),
      8000,
    );

    sandbox.addShopOrders(SHOP, 3);
    await h.double.waitFor(() => orderPosts(h.double).length === 3, 8000);
    sandbox.addShopOrders(SHOP, 7);
    const [batch] = await h.double.waitFor(() => {
      const b = batchMessages(h.double);
      return b.length === 1 ? b : undefined;
    }, 8000);
    expect(batch!.text).toMatch(/^7 new orders of /);
    const rows = await csvIn(h.double, batch!.ts);
    expect(rows[0]).toContain('order_sn');
    expect(rows).toHaveLength(8);
    const batchSns = rows.slice(1).map((r) => r[0]!);
    expect(new Set(batchSns).size).toBe(7);

    // A few more polls find nothing new: nothing is posted again.
    const calls = shopCalls(sandbox).length;
    await eventually(() => shopCalls(sandbox).length >= calls + 3, 10_000, 'three more polls');
    const singles = orderPosts(h.double);
    expect(singles).toHaveLength(3);
    expect(new Set(singles).size).toBe(3);
    expect(batchSns.filter((sn) => singles.includes(sn))).toEqual([]);
    expect(batchMessages(h.double)).toHaveLength(1);
    expect(
      h.double.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral && !m.threadTs),
    ).toHaveLength(1 + 3 + 1);

    // Spend shows subscriptions apart; the audit names them.
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, { command: '/spend', text: 'today', user: SUBSCRIBER });
    const spend = await ephemeralAfter(h.double, before);
    expect(JSON.stringify(spend.blocks)).toContain('Subscriptions (shop orders)');
    const audited = await eventually(
      async () => {
        const rows = await h.bot.deps.store.db
          .selectFrom('audit_entries')
          .select(['command', 'operation', 'user_id', 'channel_id'])
          .where('operation', '=', 'shopOrders')
          .execute();
        return rows.length >= 2 ? rows : undefined;
      },
      8000,
      'the polls audited',
    );
    expect(audited.every((r) => r.command === 'subscriptions')).toBe(true);
    expect(audited[0]).toMatchObject({ user_id: SUBSCRIBER, channel_id: DEFAULT_CHANNEL });
    const metrics = await (await fetch(`${h.base}/metrics`)).text();
    expect(metrics).toMatch(/querydesk_subscription_orders_posted_total 10/);
    expect(metrics).toMatch(/querydesk_subscription_polls_total\{result="ok"\} \d+/);
    expect(metrics).toContain('querydesk_subscription_poll_lateness_seconds_bucket');
  });

  it('keeps a post Slack refused and sends it again: never dropped, never twice', async () => {
    const h = await startBot(env);
    cleanups.push(() => h.stop());
    const sandbox = h.bot.sandbox!;
    await subscribe(h, `${SHOP} every=1s`);
    await eventually(() => shopCalls(sandbox).length >= 1, 8000, 'the first poll');
    // Slack refuses the first post (as when it is down); the second order goes through.
    h.double.failNext('chat.postMessage', { error: 'internal_error' });
    sandbox.addShopOrders(SHOP, 2);
    await h.double.waitFor(() => orderPosts(h.double).length === 2, 15_000);
    const failed = h.double.callsTo('chat.postMessage').filter((c) => c.error);
    expect(failed).toHaveLength(1);
    const calls = shopCalls(sandbox).length;
    await eventually(() => shopCalls(sandbox).length >= calls + 2, 10_000, 'two more polls');
    expect(orderPosts(h.double)).toHaveLength(2);
    expect(new Set(orderPosts(h.double)).size).toBe(2);
  });

  it('is offered in the /shoporders form too, as the command to type', async () => {
    const h = await startBot(env);
    cleanups.push(() => h.stop());
    const before = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/shoporders', text: '', user: SUBSCRIBER });
    const opened = await h.double.waitFor(() => h.double.views()[before], 5000);
    expect(JSON.stringify(opened.view)).toContain('/shoporders subscribe OWNER_ID every=15m');
  });

  it('lists the channel subscriptions; Unsubscribe there ends it and nothing is called after', async () => {
    const h = await startBot(env);
    cleanups.push(() => h.stop());
    const sandbox = h.bot.sandbox!;
    await subscribe(h, `${SHOP} every=1s`);
    await eventually(() => shopCalls(sandbox).length >= 1, 8000, 'the first poll');

    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, {
      command: '/shoporders',
      text: 'subscriptions',
      user: 'U0SOMEONE2',
    });
    const list = await ephemeralAfter(h.double, before);
    expect(list.text).toBe('1 subscription in this channel (sandbox data)');
    expect(JSON.stringify(list.blocks)).toMatch(/\d+ polls, \d+ points so far/);
    await h.double.sendAction(h.events, {
      actionId: 'qd_unsubscribe',
      channel: list.channel,
      messageTs: list.ts,
      user: 'U0SOMEONE2',
    });
    const ended = await h.double.waitFor(() => {
      const m = subscriptionMessageIn(h.double);
      return m && /unsubscribed by <@U0SOMEONE2>/.test(m.text) ? m : undefined;
    }, 8000);
    expect(JSON.stringify(ended.blocks)).not.toContain('qd_unsubscribe');
    const calls = shopCalls(sandbox).length;
    // Three intervals: a live subscription would have polled three times.
    await new Promise((r) => setTimeout(r, 3300));
    expect(shopCalls(sandbox)).toHaveLength(calls);
  });
});
