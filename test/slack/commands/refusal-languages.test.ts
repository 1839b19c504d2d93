import { afterEach, describe, expect, it } from 'vitest';
import { checkMessage } from '../../../src/slack/blocks/limits.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

/** Bad input: acked empty within 3 s, then refused through the response_url. */
async function refused(b: BotHarness, command: string, text: string, user: string) {
  const eph = () => b.double.messages().filter((m) => m.ephemeral && m.visibleTo === user);
  const before = eph().length;
  const started = Date.now();
  const ack = await b.double.sendCommand(b.events, { command, text, user });
  expect(Date.now() - started).toBeLessThan(3000);
  expect(ack.status).toBe(200);
  // Nothing the person reads is in the ack: it could not know their language yet.
  expect(ack.body).toBe('');
  const message = await b.double.waitFor(() => eph()[before], 8000);
  expect(checkMessage(message)).toEqual([]);
  return message;
}

describe('refusals of bad command input in the person’s language', () => {
  it('a zh-CN person’s first command is refused in Chinese with the usage; no gateway call', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'UEN', locale: 'en-US' });
    const gatewayCalls = () => h!.bot.sandbox!.requests().length;
    const calls = gatewayCalls();

    const zhPay = await refused(h, '/payorder', 'ORD-1', 'UZH');
    // The sandbox mark is appended by finish(), in the reader's language too.
    expect(zhPay.text).toBe(
      '这条命令需要修改。缺少 &lt;merchant_num&gt; 用法：/payorder &lt;order_number&gt; &lt;merchant_num&gt; [type=platform|merchant] （沙盒数据）',
    );
    const zhSpend = await refused(h, '/spend', 'yesterday', 'UZH');
    expect(zhSpend.text).toContain(
      '这条命令需要修改。&lt;period&gt;“yesterday”：请选择 today、7d 或 30d 用法：/spend [today|7d|30d]',
    );
    // The language was asked of Slack once, after the ack, for the first refusal only.
    const asked = h.double.calls.filter((c) => c.method === 'users.info');
    expect(asked).toHaveLength(1);

    const enPay = await refused(h, '/payorder', 'ORD-1', 'UEN');
    expect(enPay.text).toBe(
      'That command needs a fix. missing &lt;merchant_num&gt; Usage: /payorder &lt;order_number&gt; &lt;merchant_num&gt; [type=platform|merchant] (sandbox data)',
    );
    const enSpend = await refused(h, '/spend', 'yesterday', 'UEN');
    expect(enSpend.text).toContain(
      'That command needs a fix. &lt;period&gt; "yesterday": choose today, 7d or 30d Usage: /spend [today|7d|30d]',
    );
    const enWatch = await refused(h, '/payorder', 'watch ORD-1', 'UEN');
    expect(enWatch.text).toContain('missing &lt;merchant_num&gt; Usage: /payorder watch');
    const zhWatch = await refused(h, '/payorder', 'watch ORD-1', 'UZH');
    expect(zhWatch.text).toContain('缺少 &lt;merchant_num&gt; 用法：/payorder watch');

    await h.bot.deps.work.drain();
    expect(gatewayCalls()).toBe(calls);
  });
});

describe('the bot’s own argument rules in the person’s language', () => {
  it('/payorder type= and the /coupons window are refused in Chinese for a zh-CN person', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZH', locale: 'zh-CN' });
    h.double.addUser({ id: 'UEN', locale: 'en-US' });
    const calls = h.bot.sandbox!.requests().length;
    const cases = [
      {
        command: '/payorder',
        text: 'ORD-1 M-1 type=both',
        zh: '选项 type=“both”：必须是 platform 或 merchant',
        en: 'option type="both": must be platform or merchant',
      },
      {
        command: '/coupons',
        text: 'S1 from=2026-01-01 to=2026-03-01',
        zh: '时间窗口最多 35 天（5 次付费网关调用）',
        en: 'the window may be at most 35 days (5 paid gateway calls)',
      },
      {
        command: '/coupons',
        text: 'S1 from=2026-03-01 to=2026-02-01',
        zh: '不能早于 from',
        en: 'option to="2026-02-01": must not be before from',
      },
    ];
    for (const c of cases) {
      const zh = await refused(h, c.command, c.text, 'UZH');
      expect(zh.text).toContain(c.zh);
      expect(zh.text).not.toMatch(/must|window|platform or/);
      const en = await refused(h, c.command, c.text, 'UEN');
      expect(en.text).toContain(c.en);
    }
    await h.bot.deps.work.drain();
    expect(h.bot.sandbox!.requests().length).toBe(calls);
  });
});

describe('the config form’s inline errors, in the ack', () => {
  it('are in the admin’s language once it is known in memory, else English', async () => {
    h = await startBot();
    h.double.addUser({ id: 'UZHA', locale: 'zh-CN', isAdmin: true });
    h.double.addUser({ id: 'UENA', locale: 'en-US', isAdmin: true });
    const submitBad = async (user: string) => {
      const views = h!.double.views().length;
      await h!.double.sendCommand(h!.events, { command: '/querydesk', text: 'config', user });
      const modal = await h!.double.waitFor(() => h!.double.views()[views], 5000);
      const bad = await h!.double.sendViewSubmission(h!.events, {
        viewId: modal.id,
        user,
        values: { daily_budget: { daily_budget: '-3' } },
      });
      return bad.json as { response_action: string; errors: Record<string, string> };
    };
    // Opening the form looked the admin's language up (after that ack): it is in memory now.
    const zh = await submitBad('UZHA');
    expect(zh).toEqual({
      response_action: 'errors',
      errors: { daily_budget: '请输入积分的整数（0 或以上），或留空。' },
    });
    const en = await submitBad('UENA');
    expect(en.errors.daily_budget).toBe(
      'Enter a whole number of points (0 or more), or leave it empty.',
    );
  });
});
