import { afterEach, describe, expect, it } from 'vitest';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function querydesk(b: BotHarness, text: string, user: string) {
  const eph = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = eph().length;
  await b.double.sendCommand(b.events, { command: '/querydesk', text, user });
  return b.double.waitFor(() => eph()[before], 8000);
}

describe('/querydesk status and audit in the person’s language', () => {
  it('a zh-CN admin reads Chinese, an English one the same words as before', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN', isAdmin: true });
    h.double.addUser({ id: 'UEN', locale: 'en-US', isAdmin: true });

    const zhStatus = await querydesk(h, 'status', 'UZH');
    expect(checkMessage(zhStatus)).toEqual([]);
    expect(zhStatus.text.startsWith('网关（内置沙箱）可访问；存储就绪。')).toBe(true);
    const enStatus = await querydesk(h, 'status', 'UEN');
    expect(enStatus.text.startsWith('Gateway (embedded sandbox) reachable; store ready.')).toBe(
      true,
    );

    const zhAudit = await querydesk(h, 'audit 7d', 'UZH');
    expect(zhAudit.text.startsWith('网关调用，最近 7 天：0')).toBe(true);
    expect(JSON.stringify(zhAudit.blocks)).toContain('此时间范围内没有网关调用。');
    const zhUsage = await querydesk(h, 'audit yesterday', 'UZH');
    expect(zhUsage.text.startsWith('用法：/querydesk audit [@user] [today|7d|30d]')).toBe(true);
    const enAudit = await querydesk(h, 'audit 7d', 'UEN');
    expect(enAudit.text.startsWith('Gateway calls, last 7 days: 0')).toBe(true);

    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: 'UZH' });
    const modal = await h.double.waitFor(() => h!.double.views()[views], 8000);
    expect(JSON.stringify(modal.view)).toContain('"querydesk 设置"');
    expect(JSON.stringify(modal.view)).toContain('汇总频道');
    h.double.addUser({ id: 'UZHPLAIN', locale: 'zh-CN' });
    const refused = await querydesk(h, 'config', 'UZHPLAIN');
    expect(refused.text.startsWith('只有工作区管理员可以修改 querydesk 设置。')).toBe(true);
  });
});

describe('/querydesk help and a bad subcommand in the person’s language', () => {
  it('a zh-CN person reads Chinese help and refusal with the usage; English unchanged', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'UEN', locale: 'en-US' });

    const zhHelp = await querydesk(h, 'help', 'UZH');
    expect(checkMessage(zhHelp)).toEqual([]);
    expect(zhHelp.text.startsWith('querydesk 命令：/payorder')).toBe(true);
    expect(JSON.stringify(zhHelp.blocks)).toContain('本工作区消耗的积分');
    const enHelp = await querydesk(h, 'help', 'UEN');
    expect(enHelp.text.startsWith('querydesk commands: /payorder')).toBe(true);

    const zhBad = await querydesk(h, 'stats', 'UZH');
    expect(zhBad.text).toContain('未知的 /querydesk 子命令“stats”。');
    expect(zhBad.text).toContain(
      '用法：/querydesk help | status | config | language zh-CN|en|auto',
    );
    const enBad = await querydesk(h, 'stats', 'UEN');
    expect(
      enBad.text.startsWith('Unknown /querydesk subcommand "stats". Usage: /querydesk help |'),
    ).toBe(true);
  });
});

describe('saving /querydesk config: what the admin is told, in their language', () => {
  it('an admin demoted while the form was open is told in Chinese that nothing was saved', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN', isAdmin: true });
    const views = h.double.views().length;
    await h.double.sendCommand(h.events, { command: '/querydesk', text: 'config', user: 'UZH' });
    const modal = await h.double.waitFor(() => h!.double.views()[views], 8000);
    h.double.addUser({ id: 'UZH', locale: 'zh-CN', isAdmin: false });

    const dms = () => h!.double.messages().filter((m) => !m.ephemeral && m.text.includes('设置'));
    await h.double.sendViewSubmission(h.events, {
      viewId: modal.id,
      user: 'UZH',
      values: { daily_budget: { daily_budget: '5' } },
    });
    const dm = await h.double.waitFor(() => dms()[0], 8000);
    expect(dm.text).toBe('你的 querydesk 设置未保存：只有工作区管理员和所有者可以修改。');
    expect(await h.bot.deps.dailyBudget(h.double.teamId)).not.toBe(5);
  });
});
