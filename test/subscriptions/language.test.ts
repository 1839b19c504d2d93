import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../src/sandbox/index.js';
import { checkMessage } from '../../src/slack/blocks/limits.js';
import { DEFAULT_CHANNEL, type SlackDouble } from '../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../fakes/bot.js';
import { eventually } from '../fakes/eventually.js';
import { csvIn, ephemeralAfter, preview, SUBSCRIBER, shopCalls } from './world.js';

const SHOP = SANDBOX_EXAMPLES.shopOrders.ownerId;
const env = { SUBSCRIPTION_MIN_INTERVAL_MS: '1000' };

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const setLanguage = (b: BotHarness, language: 'en' | 'zh-CN') =>
  saveWorkspaceSettings(b.bot.deps.store.db, {
    workspaceId: b.double.teamId,
    language,
    now: new Date(),
  });

const channelPosts = (d: SlackDouble) =>
  d.messages(DEFAULT_CHANNEL).filter((m) => !m.ephemeral && !m.threadTs);
const chineseMessage = (d: SlackDouble) =>
  channelPosts(d).find((m) => m.text.startsWith(`${SHOP} 的新店铺订单`));

async function list(b: BotHarness, user: string) {
  const before = b.double.messages().filter((m) => m.ephemeral).length;
  await b.double.sendCommand(b.events, { command: '/shoporders', text: 'subscriptions', user });
  return ephemeralAfter(b.double, before);
}

describe('a channel subscription in the team’s language', () => {
  it('posts in a Chinese workspace in Chinese and keeps Chinese after it turns English', async () => {
    h = await startBot(env);
    h.double.addUser({ id: SUBSCRIBER, locale: 'en-US' });
    h.double.addUser({ id: 'U0CHINESE', locale: 'zh-CN' });
    const sandbox = h.bot.sandbox!;
    await setLanguage(h, 'zh-CN');

    // The preview is the subscriber's own: English.
    const shown = await preview(h, `${SHOP} every=1s`);
    expect(shown.text).toMatch(/^Subscribe this channel to New shop orders of /);
    await h.double.sendAction(h.events, {
      actionId: 'qd_subscribe',
      channel: shown.channel,
      messageTs: shown.ts,
      user: SUBSCRIBER,
    });
    const message = await h.double.waitFor(() => chineseMessage(h!.double), 8000);
    expect(checkMessage({ text: message.text, blocks: message.blocks })).toEqual([]);
    expect(message.text).toContain(`由 <@${SUBSCRIBER}> 订阅`);
    // The sandbox mark in the notification text follows the message's language.
    expect(message.text).toMatch(/（沙盒数据）$/);
    expect(message.text).not.toContain('(sandbox data)');
    expect(JSON.stringify(message.blocks)).toContain('"取消订阅"');
    await eventually(() => shopCalls(sandbox).length >= 1, 8000, 'the first poll');
    await h.double.waitFor(
      () => /每天至少 432,000 积分/.test(chineseMessage(h!.double)?.text ?? ''),
      8000,
    );

    sandbox.addShopOrders(SHOP, 2);
    const singles = await h.double.waitFor(() => {
      const posts = channelPosts(h!.double).filter((m) => m.text.startsWith(':package: 新订单：'));
      return posts.length === 2 ? posts : undefined;
    }, 8000);
    expect(singles[0]!.text).toMatch(/¥\d+\.\d\d，确认于 \d{4}-\d\d-\d\d/);

    // The workspace turns English: what this subscription posts and edits stays Chinese.
    await setLanguage(h, 'en');
    sandbox.addShopOrders(SHOP, 7);
    const batch = await h.double.waitFor(
      () => channelPosts(h!.double).find((m) => m.text.startsWith(`${SHOP} 的 7 个新订单`)),
      8000,
    );
    expect(JSON.stringify(batch.blocks)).toContain('全部 7 个订单都在本消息串的 CSV 中');
    const rows = await csvIn(h.double, batch.ts);
    expect(rows[0]?.[0]).toBe('order_sn');

    // The list is private: each person's own language.
    expect((await list(h, SUBSCRIBER)).text).toMatch(/^1 subscription in this channel/);
    const zhList = await list(h, 'U0CHINESE');
    expect(zhList.text).toMatch(/^这个频道有 1 个订阅/);
    expect(JSON.stringify(zhList.blocks)).toContain('"取消订阅"');

    await h.double.sendAction(h.events, {
      actionId: 'qd_unsubscribe',
      channel: DEFAULT_CHANNEL,
      messageTs: message.ts,
      user: SUBSCRIBER,
    });
    const ended = await h.double.waitFor(() => {
      const m = chineseMessage(h!.double);
      return m && /已结束：已被 <@U0SUBSCRIBER> 取消订阅/.test(m.text) ? m : undefined;
    }, 8000);
    expect(ended.text).toMatch(/发布了 9 个订单/);
    expect(ended.text).not.toMatch(/Ended|polls|points/);
    expect(channelPosts(h.double).some((m) => /New (shop )?orders?\b/.test(m.text))).toBe(false);
  });
});
