import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { checkView } from '../../src/slack/blocks/limits.js';
import { DEFAULT_CHANNEL } from '../../src/slack-double/index.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { ephemeralAfter, SUBSCRIBER, shopCalls, subscriptionMessageIn } from './world.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot({ SUBSCRIPTION_MIN_INTERVAL_MS: '60000' });
});
afterAll(async () => {
  await h?.stop();
});

type Values = Record<string, Record<string, string>>;
const v = (pairs: Record<string, string>): Values =>
  Object.fromEntries(Object.entries(pairs).map(([k, val]) => [k, { [k]: val }]));

async function openForm(user = SUBSCRIBER): Promise<{ id: string; view: unknown }> {
  const before = h.double.views().length;
  await h.double.sendCommand(h.events, {
    command: '/shoporders',
    text: '',
    user,
    channel: DEFAULT_CHANNEL,
  });
  const opened = await h.double.waitFor(() => h.double.views()[before], 8000);
  expect(checkView(opened.view)).toEqual([]);
  return opened;
}

const submit = (viewId: string, values: Record<string, string>, user = SUBSCRIBER) =>
  h.double.sendViewSubmission(h.events, { viewId, user, values: v(values) });

describe('the /shoporders form offers subscribe too', () => {
  it('shows the choice and refuses in the form what /shoporders subscribe refuses', async () => {
    const form = await openForm();
    const json = JSON.stringify(form.view);
    expect(json).toContain('Subscribe this channel to new orders instead');
    expect(json).toContain('"block_id":"every"');
    for (const [values, field, words] of [
      [
        { owner_id: SHOP, instead: 'subscribe', edition: 'ordinary' },
        'edition',
        /enhanced edition only/,
      ],
      [{ owner_id: SHOP, instead: 'subscribe', every: '30s' }, 'every', /at least 1 min/],
      [
        { owner_id: SHOP, instead: 'subscribe', every: '15' },
        'every',
        /whole number with s, m or h/,
      ],
    ] as const) {
      const refused = await submit(form.id, values);
      const body = refused.json as { response_action: string; errors: Record<string, string> };
      expect(body.response_action).toBe('errors');
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.errors[field]).toMatch(words);
    }
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(0);
  });

  it('submitting with subscribe chosen posts the preview and calls no gateway; Subscribe starts it', async () => {
    const form = await openForm();
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    const accepted = await submit(form.id, {
      owner_id: SHOP,
      instead: 'subscribe',
      every: '10m',
      edition: 'enhanced',
      page: '3',
    });
    expect(accepted.status).toBe(200);
    const preview = await ephemeralAfter(h.double, before);
    expect(preview.channel).toBe(DEFAULT_CHANNEL);
    expect(preview.text).toContain('144 polls a day');
    expect(JSON.stringify(preview.blocks)).toContain('qd_subscribe');
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(0);

    await h.double.sendAction(h.events, {
      actionId: 'qd_subscribe',
      channel: preview.channel,
      messageTs: preview.ts,
      user: SUBSCRIBER,
    });
    const message = await h.double.waitFor(() => subscriptionMessageIn(h.double), 8000);
    expect(message.text).toContain(SHOP);
  });

  it('without the choice the form still lists the orders', async () => {
    const form = await openForm();
    const before = h.double.messages().filter((m) => m.ephemeral).length;
    const calls = shopCalls(h.bot.sandbox!).length;
    await submit(form.id, { owner_id: SHOP, every: '10m' });
    const card = await ephemeralAfter(h.double, before);
    expect(card.text).toMatch(/^Shop orders for /);
    expect(shopCalls(h.bot.sandbox!).length).toBeGreaterThan(calls);
  });

  it('words the choice’s errors in a zh-CN person’s language, known from opening the form', async () => {
    h.double.addUser({ id: 'U0ZHFORM', locale: 'zh-CN' });
    const calls = shopCalls(h.bot.sandbox!).length;
    const form = await openForm('U0ZHFORM');
    const errorsOf = async (values: Record<string, string>, user: string, id = form.id) => {
      const refused = await submit(id, values, user);
      return (refused.json as { errors: Record<string, string> }).errors;
    };
    const zh = (values: Record<string, string>) =>
      errorsOf({ owner_id: SHOP, instead: 'subscribe', ...values }, 'U0ZHFORM');
    expect(await zh({ every: '30s' })).toEqual({
      every: '最短为 1 分钟（SUBSCRIPTION_MIN_INTERVAL_MS）',
    });
    expect(await zh({ every: '25h' })).toEqual({ every: '最长为 24 小时（24h）' });
    expect(await zh({ every: '15' })).toEqual({ every: '必须是整数加 s、m 或 h（如 15m）' });
    expect(await zh({ edition: 'ordinary' })).toEqual({
      edition: '订阅只能使用增强版（其列表可按时间筛选）',
    });
    const en = await openForm();
    expect(
      await errorsOf({ owner_id: SHOP, instead: 'subscribe', every: '30s' }, SUBSCRIBER, en.id),
    ).toEqual({ every: 'must be at least 1 min (SUBSCRIPTION_MIN_INTERVAL_MS)' });
    expect(shopCalls(h.bot.sandbox!)).toHaveLength(calls);
  });
});
