import { describe, expect, it } from 'vitest';
import type { SpendReport } from '../../src/ledger/types.js';
import { ArgsError, parseCommand } from '../../src/slack/args/index.js';
import { refusalCard } from '../../src/slack/blocks/args-error.js';
import { homeView } from '../../src/slack/blocks/home-view.js';
import { notice } from '../../src/slack/blocks/message.js';
import { withSandboxNote } from '../../src/slack/blocks/sandbox-note.js';
import { COMMANDS } from '../../src/slack/commands/index.js';
import type { StepParam } from '../../src/slack/functions/step.js';
import { stepErrorText } from '../../src/slack/functions/step-error.js';
import { parseStepInputs } from '../../src/slack/functions/step-inputs.js';
import { formProblems } from '../../src/slack/middleware/input-guard.js';
import { subscribeParser } from '../../src/slack/subscriptions/subscribe-args.js';
import { allStrings, hasChinese, inEveryLanguage } from '../fakes/both-languages.js';

/**
 * The texts issue 28 found still English for everyone, drawn in every language: within Block
 * Kit's limits, no raw key, `{placeholder}` or `undefined`, Chinese in Chinese, English as before.
 */
describe('texts once English for everyone, in every language', () => {
  const refusalOf = (text: string) => {
    try {
      parseCommand(subscribeParser(60_000), text);
    } catch (err) {
      if (err instanceof ArgsError) return err;
      throw err;
    }
    throw new Error(`${text} was not refused`);
  };

  it('the every= and edition= refusals of /shoporders subscribe', () => {
    const cases: [string, string, string][] = [
      ['S every=30s', '最短为 1 分钟', 'must be at least 1 min (SUBSCRIPTION_MIN_INTERVAL_MS)'],
      ['S every=25h', '最长为 24 小时', 'must be at most 24h'],
      ['S every=15', '必须是整数加 s、m 或 h', 'must be a whole number with s, m or h (e.g. 15m)'],
      ['S edition=ordinary', '订阅只能使用增强版', 'subscriptions use the enhanced edition only'],
    ];
    for (const [text, zh, en] of cases) {
      const err = refusalOf(text);
      const out = inEveryLanguage((t) => refusalCard(err, t));
      expect(out['zh-CN'].text, text).toContain(zh);
      expect(out.en.text, text).toContain(en);
      expect(hasChinese(out.en), text).toBe(false);
      // What zod carries (logs, steps) stays English.
      expect(err.message, text).toContain(en);
    }
  });

  it('an invisible character in a form value', () => {
    const values = { media_mark: { media_mark: { type: 'plain_text_input', value: 'a\u202eb' } } };
    const out = inEveryLanguage((t) => {
      const text = formProblems(values, t).media_mark ?? '';
      return { text, blocks: [] };
    });
    expect(out['zh-CN'].text).toBe(
      '这个值在第 2 个字符处含有不可见的方向控制符（U+202E），请去掉后重新输入',
    );
    expect(out.en.text).toBe(
      'This value contains an invisible direction control (U+202E) at character 2; retype it without',
    );
  });

  it('a workflow step input error', () => {
    const step = COMMANDS['/payorder'];
    const param = (title: string): StepParam => ({
      type: 'string',
      title,
      description: title,
      is_required: true,
    });
    const declared = { order_number: param('Order number'), merchant_num: param('Merchant') };
    const out = inEveryLanguage((t) => {
      try {
        parseStepInputs(
          step.schema('Asia/Shanghai'),
          declared,
          {},
          { order_number: 'a\u0000', merchant_num: 'x'.repeat(300) },
          t,
        );
      } catch (err) {
        return { text: stepErrorText(err, t), blocks: [] };
      }
      throw new Error('not refused');
    });
    expect(out['zh-CN'].text).toBe(
      '输入无效：order_number：第 2 个字符处含有不可见的控制字符（U+0000），请去掉后重新输入；merchant_num：长 300 个字符；最多只读取 200 个。未进行任何查询，也未扣积分。',
    );
    expect(out.en.text).toBe(
      'Invalid input: order_number: contains an invisible control character (U+0000) at character 2; retype it without; merchant_num: is 300 characters long; at most 200 are read. Nothing was looked up or charged.',
    );
  });

  it('the /qr form', () => {
    const modal = COMMANDS['/qr'].modal;
    if (!modal) throw new Error('/qr has no form');
    const out = inEveryLanguage((t) => modal.build('{"channelId":"C1"}', t));
    expect(allStrings(out['zh-CN'])).toEqual(
      expect.arrayContaining(['二维码登录码', '创建', '取消', '账号标识（媒体标识）', '落地页']),
    );
    expect(allStrings(out.en)).toEqual(
      expect.arrayContaining(['QR login code', 'Create', 'Cancel', 'Landing page']),
    );
    expect(hasChinese(out.en)).toBe(false);
  });

  it('the sandbox mark and the out-of-date button answer', () => {
    const out = inEveryLanguage((t) => withSandboxNote(notice(t('lookup.outOfDate')), true, t));
    expect(out['zh-CN'].text).toMatch(/（沙盒数据）$/);
    expect(out['zh-CN'].text).not.toContain('sandbox');
    expect(out.en.text).toBe('This button is out of date; run the command again. (sandbox data)');
  });

  it('the Home tab’s QR state words', () => {
    const report: SpendReport = {
      from: new Date(0),
      to: new Date(0),
      timeZone: 'Asia/Shanghai',
      charged: 0,
      refunded: 0,
      net: 0,
      calls: 0,
      byOperation: [],
      byUser: [],
      byDay: [],
    };
    const liveQr = ([1, 2, 3] as const).map((state) => ({
      mediaMark: `m${state}`,
      state,
      channelId: 'C1',
      createdAt: new Date(0),
    }));
    const data = { today: report, week: report, recent: [], liveQr, timeZone: 'Asia/Shanghai' };
    const out = inEveryLanguage((t) => homeView({ ...data, sandbox: false }, t));
    const zh = JSON.stringify(out['zh-CN']);
    for (const word of ['未扫码', '已扫码', '已过期']) expect(zh).toContain(` · ${word} · `);
    const en = JSON.stringify(out.en);
    for (const word of ['not scanned', 'scanned', 'expired']) expect(en).toContain(` · ${word} · `);
  });
});
