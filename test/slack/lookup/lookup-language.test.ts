import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { saveWorkspaceSettings } from '../../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness;
beforeAll(async () => {
  h = await startBot();
  h.double.addUser({ id: 'UZHREADER', locale: 'zh-CN' });
  h.double.addUser({ id: 'UENREADER', locale: 'en-US' });
});
afterAll(async () => {
  await h?.stop();
});

const ephemerals = () => h.double.messages().filter((m) => m.ephemeral);
const posts = () => h.double.messages().filter((m) => !m.ephemeral);

async function ask(user: string, command: string, text: string) {
  const before = ephemerals().length;
  await h.double.sendCommand(h.events, { command, text, user });
  const card = await h.double.waitFor(() => ephemerals()[before], 8000);
  expect(checkMessage({ text: card.text, blocks: card.blocks })).toEqual([]);
  return card;
}

async function share(user: string, card: { channel: string; ts: string }) {
  const before = posts().length;
  await h.double.sendAction(h.events, {
    actionId: 'qd_share',
    channel: card.channel,
    messageTs: card.ts,
    user,
  });
  return h.double.waitFor(() => posts()[before], 8000);
}

const setWorkspaceLanguage = (language: 'en' | 'zh-CN') =>
  saveWorkspaceSettings(h.bot.deps.store.db, {
    workspaceId: h.double.teamId,
    language,
    now: new Date(),
  });

describe('a lookup answers in the language of whoever reads it', () => {
  it("a zh-CN person's /payorder answer is Chinese, with the fixed words and seconds", async () => {
    const card = await ask(
      'UZHREADER',
      '/payorder',
      `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
    );
    const json = JSON.stringify(card.blocks);
    expect(card.text).toContain('已支付');
    expect(json).toContain('支付方式');
    expect(json).toContain('分享到频道');
    expect(json).toContain('沙盒数据');
    expect(json).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(json).not.toContain('Share in channel');
  });

  it("an en person's /payorder answer stays English", async () => {
    const card = await ask(
      'UENREADER',
      '/payorder',
      `${X.payOrder.unpaid.orderNumber} ${X.payOrder.merchantNum}`,
    );
    const json = JSON.stringify(card.blocks);
    expect(card.text).toMatch(/^Payment order .*: Unpaid/);
    expect(json).toContain('not called back');
    expect(json).toContain('Share in channel');
    expect(json).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("a zh-CN person's /account answer and refusal are Chinese", async () => {
    const card = await ask('UZHREADER', '/account', X.account.mediaMark);
    expect(JSON.stringify(card.blocks)).toContain('最近 7 天');
    const missing = await ask(
      'UZHREADER',
      '/payorder',
      `${X.payOrder.unknownOrderNumber} ${X.payOrder.merchantNum} type=platform`,
    );
    expect(missing.text).toContain('未找到支付订单');
  });

  it('a zh-CN person opens the /payorder form in Chinese', async () => {
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/payorder', text: '', user: 'UZHREADER' });
    const modal = await h.double.waitFor(() => h.double.views()[views], 8000);
    const json = JSON.stringify(modal.view);
    expect(json).toContain('查询支付订单');
    expect(json).toContain('"查询"');
  });

  it('a card shared by a zh-CN person into an English workspace is English in the channel', async () => {
    await setWorkspaceLanguage('en');
    const card = await ask(
      'UZHREADER',
      '/payorder',
      `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
    );
    expect(card.text).toContain('已支付');
    const shared = await share('UZHREADER', card);
    const json = JSON.stringify(shared.blocks);
    expect(shared.text).toMatch(/Paid/);
    expect(json).toContain('Shared by <@UZHREADER>');
    expect(json).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('a card shared by an en person into a Chinese workspace is Chinese in the channel', async () => {
    await setWorkspaceLanguage('zh-CN');
    try {
      const card = await ask(
        'UENREADER',
        '/payorder',
        `${X.payOrder.paid.orderNumber} ${X.payOrder.merchantNum}`,
      );
      expect(card.text).toMatch(/Paid/);
      const shared = await share('UENREADER', card);
      const json = JSON.stringify(shared.blocks);
      expect(shared.text).toContain('已支付');
      expect(json).toContain('支付方式');
      expect(json).not.toContain('Payment method');
    } finally {
      await setWorkspaceLanguage('en');
    }
  });
});
