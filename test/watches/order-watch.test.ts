import { afterEach, describe, expect, it } from 'vitest';
import { instantToWallClock } from '../../src/gateway/time.js';
import { SANDBOX_EXAMPLES, type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { checkMessage, checkView } from '../../src/slack/blocks/limits.js';
import {
  DEFAULT_CHANNEL,
  type SlackDouble,
  startSlackDouble,
} from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { botDatabase } from '../fakes/bot-database.js';
import { DIALECTS } from '../fakes/databases.js';

const X = SANDBOX_EXAMPLES.payOrder;
const USER = 'U0WATCHER1';
const ALERT_MS = 1500;
const env = {
  ORDER_WATCH_INTERVAL_MS: '150',
  ORDER_CALLBACK_ALERT_MS: String(ALERT_MS),
  ORDER_WATCH_TIMEOUT_MS: '60000',
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

const card = (d: SlackDouble, order: string) =>
  d.messages(DEFAULT_CHANNEL).find((m) => !m.ephemeral && !m.threadTs && m.text.includes(order));
const thread = (d: SlackDouble, ts: string) =>
  d.messages(DEFAULT_CHANNEL).filter((m) => m.threadTs === ts && m.ts !== ts);

async function watch(h: { double: SlackDouble; events: string }, order: string) {
  const ack = await h.double.sendCommand(h.events, {
    command: '/payorder',
    text: `watch ${order} ${X.merchantNum}`,
    user: USER,
  });
  expect(ack.status).toBe(200);
  return h.double.waitFor(() => card(h.double, order), 8000);
}

describe('/payorder watch', () => {
  it('posts the paid moment in the thread, alerts once on time when the callback is late, then says it arrived and ends', async () => {
    const h: BotHarness = await startBot(env, {
      sandbox: { orderPayAfterMs: 700, orderCallbackAfterMs: ALERT_MS + 1500 },
    });
    cleanups.push(() => h.stop());
    const order = X.lateCallback.orderNumber;

    let alertSeenAt = 0;
    h.double.on('change', (c) => {
      if (
        c.kind === 'message' &&
        c.action === 'posted' &&
        c.message.text.includes('not called back')
      )
        alertSeenAt ||= Date.now();
    });
    const posted = await watch(h, order);
    expect(posted.text).toMatch(/Unpaid/);
    expect(JSON.stringify(posted.blocks)).toContain('Stop watching');
    expect(checkMessage({ text: posted.text, blocks: posted.blocks })).toEqual([]);

    const paid = await h.double.waitFor(
      () => thread(h.double, posted.ts).find((m) => m.text.startsWith('Paid at')),
      8000,
    );
    const live = h.bot.sandbox!.liveOrders().find((o) => o.orderNumber === order)!;
    const paidAt = live.paidAt!;
    const shown = instantToWallClock(new Date(paidAt), 'Asia/Shanghai').slice(11, 19);
    expect(paid.text).toContain(`Paid at ${shown}`);
    await h.double.waitFor(() => /: Paid/.test(card(h.double, order)?.text ?? ''), 8000);

    const alert = await h.double.waitFor(
      () => thread(h.double, posted.ts).find((m) => m.text.includes('not called back')),
      8000,
    );
    expect(alert.text).toContain(`<@${USER}>`);
    // The gateway gives the payment time to the second: never before that second + the alert
    // time, and not a whole check interval late (generous for a shared CPU).
    const due = Math.floor(paidAt / 1000) * 1000 + ALERT_MS;
    expect(alertSeenAt).toBeGreaterThanOrEqual(due);
    expect(alertSeenAt).toBeLessThan(due + 1000);

    const back = await h.double.waitFor(
      () => thread(h.double, posted.ts).find((m) => m.text.startsWith('Merchant called back at')),
      8000,
    );
    expect(back.text).toMatch(/after the alert/);
    const ended = await h.double.waitFor(() => {
      const c = card(h.double, order);
      return c && /final/.test(JSON.stringify(c.blocks)) ? c : undefined;
    }, 8000);
    expect(JSON.stringify(ended.blocks)).not.toContain('Stop watching');
    const replies = thread(h.double, posted.ts).map((m) => m.text);
    expect(replies.filter((t) => t.includes('not called back'))).toHaveLength(1);
    expect(replies.filter((t) => t.startsWith('Paid at'))).toHaveLength(1);
  });

  it("lists the channel's live watches, and Stop watching ends one: the card says who stopped it and checks stop", async () => {
    const h = await startBot(env);
    cleanups.push(() => h.stop());
    const order = X.waits.orderNumber;
    const posted = await watch(h, order);

    const before = h.double.messages().filter((m) => m.ephemeral).length;
    await h.double.sendCommand(h.events, { command: '/payorder', text: 'watches', user: USER });
    const list = await h.double.waitFor(
      () => h.double.messages().filter((m) => m.ephemeral)[before],
      8000,
    );
    expect(list.text).toMatch(/1 payment order watched/);
    expect(JSON.stringify(list.blocks)).toContain(order);
    await h.double.sendEvent(h.events, {
      type: 'app_home_opened',
      user: USER,
      tab: 'home',
      channel: 'D0WATCH',
    });
    const home = await h.double.waitFor(
      () => h.double.views().find((v) => v.type === 'home' && v.user === USER),
      5000,
    );
    expect(checkView(home.view)).toEqual([]);
    expect(JSON.stringify(home.view)).toMatch(/Your order watches/);
    expect(JSON.stringify(home.view)).toContain(order);

    await h.double.sendAction(h.events, {
      actionId: 'qd_watch_stop',
      channel: posted.channel,
      messageTs: posted.ts,
      user: 'U0STOPPER1',
    });
    const stopped = await h.double.waitFor(() => {
      const c = card(h.double, order);
      return c && JSON.stringify(c.blocks).includes('stopped by <@U0STOPPER1>') ? c : undefined;
    }, 8000);
    expect(JSON.stringify(stopped.blocks)).not.toContain('Stop watching');
    const checks = () => h.bot.sandbox!.requests().filter((r) => r.op === 'payOrder').length;
    const afterStop = checks();
    // An absence (no check after the stop): it needs a while in which one could have come.
    await new Promise((r) => setTimeout(r, 600));
    expect(checks()).toBe(afterStop);
  });

  it.each(DIALECTS)(
    'loses no watch across a restart (%s): the next process picks it up and posts the payment',
    async (dialect) => {
      const sandbox: Sandbox = await startSandbox({ rateLimitPerSecond: 1000 });
      cleanups.push(() => sandbox.close());
      const double = await startSlackDouble();
      cleanups.push(() => double.close());
      const database = await botDatabase(dialect);
      cleanups.push(() => database.dispose());
      const shared = {
        ...env,
        DATABASE_URL: database.url,
        GATEWAY_BASE_URL: sandbox.url,
        GATEWAY_TOKEN: 'sandbox-token',
      };
      const order = X.waits.orderNumber;

      const first = await startBot(shared, {}, double);
      const posted = await watch(first, order);
      await first.stop();
      expect(sandbox.moveOrder(order, 'pay')).toBe(true);

      const second = await startBot(shared, {}, double);
      cleanups.push(() => second.stop());
      const paid = await double.waitFor(
        () => thread(double, posted.ts).find((m) => m.text.startsWith('Paid at')),
        8000,
      );
      expect(paid.text).toMatch(/^Paid at \d\d:\d\d:\d\d/);
      await double.waitFor(() => /: Paid/.test(card(double, order)?.text ?? ''), 8000);
    },
  );

  it('ends by itself at ORDER_WATCH_TIMEOUT_MS and the card says why', async () => {
    const h = await startBot({ ...env, ORDER_WATCH_TIMEOUT_MS: '600' });
    cleanups.push(() => h.stop());
    const order = X.waits.orderNumber;
    await watch(h, order);

    const ended = await h.double.waitFor(() => {
      const c = card(h.double, order);
      return c && JSON.stringify(c.blocks).includes('no final state within') ? c : undefined;
    }, 8000);

    expect(JSON.stringify(ended.blocks)).not.toContain('Stop watching');
  });
});
