import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayApiError } from '../../../src/gateway/errors.js';
import type { Locale } from '../../../src/i18n/locales.js';
import { SANDBOX_EXAMPLES } from '../../../src/sandbox/index.js';
import { ArgsError } from '../../../src/slack/args/index.js';
import { UserFacingError } from '../../../src/slack/blocks/error-card.js';
import { stepErrorText } from '../../../src/slack/functions/step-error.js';
import { StepInputError } from '../../../src/slack/functions/step-input-error.js';
import type { DoubleExecution } from '../../../src/slack-double/index.js';
import { saveWorkspaceSettings } from '../../../src/store/workspace-settings.js';
import { type BotHarness, startBot } from '../../fakes/bot.js';
import { hasChinese, inEveryLanguage } from '../../fakes/both-languages.js';
import { eventually } from '../../fakes/eventually.js';

const X = SANDBOX_EXAMPLES.payOrder;

describe('stepErrorText in every language', () => {
  const errors: [string, unknown, RegExp, RegExp][] = [
    [
      'bad input',
      new StepInputError('user_id: must be x'),
      /^输入无效：user_id: must be x。未进行任何查询，也未扣积分。$/,
      /^Invalid input: user_id: must be x\. Nothing was looked up or charged\.$/,
    ],
    [
      'a gateway failure',
      Object.assign(
        new GatewayApiError({
          operation: 'payOrder',
          requestId: 'r1',
          code: 404,
          reason: 'not-found',
          gatewayMessage: 'nope',
        }),
        { charged: 2 },
      ),
      /^网关请求路径或方法错误（网关代码 404）。处理方法：.* 请求 ID r1。本次查询花费 2 积分。$/,
      /^Gateway request path or method wrong \(gateway code 404\)\. What to do: .* Request id r1\. This answer cost 2 points\.$/,
    ],
    [
      'a command rule',
      new ArgsError({ key: 'help.refusal.optionTwice', values: { name: 'page' } }),
      /^输入无效：选项“page”写了两次。未进行任何查询/,
      /^Invalid input: option "page" is given twice\. Nothing was looked up/,
    ],
    ['a refusal', new UserFacingError('T', 'D'), /^T：D$/, /^T: D$/],
    [
      'anything else',
      new Error('boom'),
      /^querydesk 未能完成此步骤/,
      /^querydesk could not finish this step/,
    ],
  ];
  it.each(errors)('%s', (_, err, zh, en) => {
    const out = inEveryLanguage((t) => ({ text: stepErrorText(err, t), blocks: [] }));
    expect(out['zh-CN'].text).toMatch(zh);
    expect(out.en.text).toMatch(en);
    expect(out.en.text).not.toContain('boom');
  });
});

describe('workflow step errors in the workspace’s language', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBot({ GATEWAY_TIMEZONE: 'Asia/Shanghai' });
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  const setLanguage = (language: Locale) =>
    saveWorkspaceSettings(h.bot.deps.store.db, {
      workspaceId: h.double.teamId,
      language,
      now: new Date(),
    });
  async function run(callbackId: string, inputs: Record<string, unknown>) {
    const sent = await h.double.sendFunctionExecuted(h.events, { callbackId, inputs });
    expect(sent.ack.status).toBe(200);
    return eventually(
      () => h.double.executions().find((e) => e.executionId === sent.executionId)?.completion,
      10_000,
      `${callbackId} completed`,
    );
  }
  const errorOf = (done: DoubleExecution['completion']) => {
    if (done?.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(done)}`);
    return done.error;
  };
  const lookup = { order_number: X.paid.orderNumber, merchant_num: X.merchantNum };

  it('a bad input and a gateway failure are worded in Chinese in a Chinese workspace, English in an English one', async () => {
    await setLanguage('zh-CN');
    const bad = errorOf(await run('lookup_payment_order', { ...lookup, user_id: 'bogus' }));
    expect(bad).toBe('输入无效：user_id：必须是Slack 用户 ID（U…）。未进行任何查询，也未扣积分。');

    h.bot.sandbox!.setFaults({ rate: 1, kinds: ['5xx'] });
    try {
      const failed = errorOf(await run('lookup_payment_order', lookup));
      expect(failed).toContain('处理方法：');
      expect(hasChinese(failed)).toBe(true);
      await setLanguage('en');
      const english = errorOf(await run('lookup_payment_order', lookup));
      expect(english).toMatch(/What to do: /);
      expect(hasChinese(english)).toBe(false);
    } finally {
      h.bot.sandbox!.setFaults(undefined);
    }
    const badEn = errorOf(await run('lookup_payment_order', { ...lookup, user_id: 'bogus' }));
    expect(badEn).toBe(
      'Invalid input: user_id: must be a Slack user id (U…). Nothing was looked up or charged.',
    );
  });

  it('an input with an invisible character or a bad value is worded in the workspace’s language', async () => {
    const invisible = { ...lookup, order_number: `${X.paid.orderNumber}\u202e1` };
    const badType = { ...lookup, number_type: 'bogus' };
    await setLanguage('zh-CN');
    expect(errorOf(await run('lookup_payment_order', invisible))).toBe(
      `输入无效：order_number：第 ${[...X.paid.orderNumber].length + 1} 个字符处含有不可见的方向控制符（U+202E），请去掉后重新输入。未进行任何查询，也未扣积分。`,
    );
    const zhType = errorOf(await run('lookup_payment_order', badType));
    // The bot's own rule for type=, in Chinese too (only the gateway schema's stay quoted).
    expect(zhType).toBe(
      '输入无效：number_type：必须是 platform 或 merchant。未进行任何查询，也未扣积分。',
    );
    await setLanguage('en');
    expect(errorOf(await run('lookup_payment_order', invisible))).toBe(
      `Invalid input: order_number: contains an invisible direction control (U+202E) at character ${[...X.paid.orderNumber].length + 1}; retype it without. Nothing was looked up or charged.`,
    );
    const enType = errorOf(await run('lookup_payment_order', badType));
    expect(enType).toBe(
      'Invalid input: number_type: must be platform or merchant. Nothing was looked up or charged.',
    );
  });

  it('step output values stay the same in a Chinese workspace', async () => {
    await setLanguage('en');
    const en = await run('lookup_payment_order', lookup);
    await setLanguage('zh-CN');
    const zh = await run('lookup_payment_order', lookup);
    if (en?.kind !== 'success' || zh?.kind !== 'success') throw new Error('expected outputs');
    expect(zh.outputs).toEqual(en.outputs);
    expect(hasChinese(zh.outputs)).toBe(false);
  });
});
