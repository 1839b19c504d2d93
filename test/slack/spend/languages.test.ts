import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { checkMessage, checkView } from '../../../src/slack/blocks/limits.js';
import type { DoubleMessage } from '../../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

const X = SANDBOX_EXAMPLES;
let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** A command's private answer to `user`: from the ack when refused there, else what follows. */
async function ask(b: BotHarness, command: string, text: string, user: string) {
  const eph = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = eph().length;
  const ack = await b.double.sendCommand(b.events, { command, text, user });
  if (ack.json && (ack.json as { text?: string }).text)
    return { ...(ack.json as DoubleMessage), ephemeral: true };
  return b.double.waitFor(() => eph()[before], 8000);
}

async function homeOf(b: BotHarness, user: string) {
  const before = b.double.views().filter((v) => v.type === 'home' && v.user === user).length;
  await b.double.sendEvent(b.events, { type: 'app_home_opened', user, tab: 'home', channel: 'D1' });
  return b.double.waitFor(
    () => b.double.views().filter((v) => v.type === 'home' && v.user === user)[before],
    8000,
  );
}

const chineseWorkspace = (b: BotHarness) =>
  saveWorkspaceSettings(b.bot.deps.store.db, {
    workspaceId: b.double.teamId,
    language: 'zh-CN',
    now: new Date(),
  });

describe('/spend and the Home tab in the person’s language', () => {
  it('a zh-CN person gets Chinese, an English person the same words as before', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'UEN', locale: 'en-US' });
    await ask(h, '/account', X.account.mediaMark, 'UEN');

    const zh = await ask(h, '/spend', '7d', 'UZH');
    expect(checkMessage(zh)).toEqual([]);
    expect(zh.text).toMatch(/^最近 7 天消耗的积分：净消耗 \d+ 积分/);
    expect(JSON.stringify(zh.blocks)).toContain('账号数据分析');
    const en = await ask(h, '/spend', '7d', 'UEN');
    expect(en.text).toMatch(/^Points spent last 7 days: \d+ points net \(/);
    expect(JSON.stringify(en.blocks)).toContain('Account analytics');

    // A live QR session each: the Home names its state in the person's language.
    await ask(h, '/qr', X.account.mediaMark, 'UZH');
    await ask(h, '/qr', X.account.mediaMark, 'UEN');
    const zhHome = await homeOf(h, 'UZH');
    expect(checkView(zhHome.view)).toEqual([]);
    const zhJson = JSON.stringify(zhHome.view);
    expect(zhJson).toMatch(/ · (未扫码|已扫码|已过期) · <#/);
    expect(zhJson).not.toMatch(/ · (not scanned|scanned|expired) · /);
    expect(zhJson).toContain('querydesk：积分与查询');
    expect(zhJson).toContain('今日预算');
    expect(zhJson).not.toContain('Your last 10 queries');
    const enJson = JSON.stringify((await homeOf(h, 'UEN')).view);
    expect(enJson).toContain('querydesk: points and queries');
    expect(enJson).toContain('Account analytics');
    expect(enJson).toMatch(/ · (not scanned|scanned|expired) · <#/);
    expect(enJson).not.toContain('积分');
  });
});

describe('channel posts in the workspace’s language', () => {
  it('a workspace set to Chinese gets its budget warning in Chinese', async () => {
    h = await startBot({ DAILY_BUDGET_POINTS: '12', SPEND_SUMMARY_CHANNEL: 'C0WARN' });
    await chineseWorkspace(h);
    // 5 points each in the sandbox: 10 of 12 (83 %) after the second call.
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10`, 'UEN');
    await ask(h, '/shoporders', `${X.shopOrders.ownerId} size=10 page=2`, 'UEN');
    const warning = await h.double.waitFor(() => h!.double.messages('C0WARN')[0], 8000);
    expect(checkMessage(warning)).toEqual([]);
    expect(warning.text).toMatch(/^今日预算已用 80%：10 \/ 12 积分；/);
  });

  it('a workspace set to Chinese gets its daily summary and chart title in Chinese', async () => {
    h = await startBot({
      SPEND_SUMMARY_CHANNEL: 'C0SUM',
      SPEND_SUMMARY_CRON: '*/2 * * * * *',
      SPEND_SUMMARY_TZ: 'Asia/Shanghai',
    });
    await chineseWorkspace(h);
    await ask(h, '/account', X.account.mediaMark, 'UEN');
    const summary = await h.double.waitFor(
      () => h!.double.messages('C0SUM').find((m) => m.text.startsWith('每日积分消耗汇总')),
      15_000,
    );
    expect(checkMessage(summary)).toEqual([]);
    expect(summary.text).toMatch(/截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}（Asia\/Shanghai）的 24 小时/);
    expect(summary.text).not.toMatch(/points|Daily spend/);
    const chart = await h.double.waitFor(
      () => h!.double.files().find((f) => f.completed && f.channel === 'C0SUM'),
      15_000,
    );
    expect(chart.title).toMatch(/^各操作积分消耗，截至 \d{4}-\d{2}-\d{2} 的最近 7 天$/);
  });
});
