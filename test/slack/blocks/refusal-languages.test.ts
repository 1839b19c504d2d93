import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translator } from '../../../src/i18n/translator.js';
import { defineCommand, rule } from '../../../src/slack/args/index.js';
import { ArgsError, refusalCard } from '../../../src/slack/blocks/args-error.js';
import { errorCard } from '../../../src/slack/blocks/error-card.js';
import { parseSpendArg } from '../../../src/slack/spend/period.js';
import { inEveryLanguage } from '../../fakes/both-languages.js';

const text = (m: { text: string; blocks: unknown[] }) => `${m.text}\n${JSON.stringify(m.blocks)}`;

function refusal(run: () => unknown): ArgsError {
  try {
    run();
  } catch (err) {
    if (err instanceof ArgsError) return err;
    throw err;
  }
  throw new Error('not refused');
}

const payorder = defineCommand({
  name: '/payorder',
  usage: '<order_number> <merchant_num> [type=platform|merchant]',
  positionals: ['order_number', 'merchant_num'],
  options: ['type'],
  schema: z.object({
    order_number: z.string(),
    merchant_num: z.string(),
    type: z.enum(['platform', 'merchant'], { error: 'must be platform or merchant' }).optional(),
  }),
});

describe('the refusal of bad command input in every language', () => {
  it('names a missing argument; the syntax stays as it is', () => {
    const err = refusal(() => payorder.parse('ORD-1'));
    const out = inEveryLanguage((t) => refusalCard(err, t));
    expect(out.en.text).toBe(
      'That command needs a fix. missing &lt;merchant_num&gt; Usage: /payorder &lt;order_number&gt; &lt;merchant_num&gt; [type=platform|merchant]',
    );
    // English is what errorCard always drew.
    expect(errorCard(err, translator('en'))).toEqual(out.en);
    expect(out['zh-CN'].text).toBe(
      '这条命令需要修改。缺少 &lt;merchant_num&gt; 用法：/payorder &lt;order_number&gt; &lt;merchant_num&gt; [type=platform|merchant]',
    );
    expect(text(out['zh-CN'])).not.toMatch(/missing|Usage|needs a fix/);
  });

  it('keeps option names and what was typed, escaped, never a mention or a link', () => {
    const err = refusal(() => payorder.parse('ORD-1 4455 colour=<@U1>'));
    const out = inEveryLanguage((t) => refusalCard(err, t));
    expect(out.en.text).toContain('unknown option "colour" (known: type)');
    expect(out['zh-CN'].text).toContain('未知的选项“colour”（可用：type）');
    const typed = refusal(() => payorder.parse('"<@U1> <https://x.y|z>" 4455 type=<!here>'));
    for (const m of Object.values(inEveryLanguage((t) => refusalCard(typed, t)))) {
      expect(text(m)).not.toMatch(/<@U1>|<!here>|<https:/);
      expect(m.text).toContain('&lt;!here&gt;');
    }
  });

  it('a bad /spend period, a bad date and a whole number, from our own zod messages', () => {
    const spend = refusal(() => parseSpendArg('yesterday'));
    const s = inEveryLanguage((t) => refusalCard(spend, t));
    expect(s.en.text).toBe(
      'That command needs a fix. &lt;period&gt; "yesterday": choose today, 7d or 30d Usage: /spend [today|7d|30d]',
    );
    expect(s['zh-CN'].text).toBe(
      '这条命令需要修改。&lt;period&gt;“yesterday”：请选择 today、7d 或 30d 用法：/spend [today|7d|30d]',
    );
    const day = defineCommand({
      name: '/x',
      usage: '[n=N]',
      positionals: [],
      options: ['n', 'q'],
      schema: z.object({
        n: z.string().refine((v) => /^\d+$/.test(v), rule({ key: 'help.refusal.notText' })),
        q: z
          .string()
          .refine(() => false, { message: 'someone else’s rule' })
          .optional(),
      }),
    });
    const err = refusal(() => day.parse('n=abc q=1'));
    const d = inEveryLanguage((t) => refusalCard(err, t));
    expect(d.en.text).toContain('option n="abc": must be text; option q="1": someone else’s rule');
    expect(d['zh-CN'].text).toContain(
      '选项 n=“abc”：必须是文本；选项 q=“1”：取值无效（someone else’s rule）',
    );
  });

  it('unsafe characters and a quote left open', () => {
    const unsafe = refusal(() => payorder.parse('A\u202eB 1'));
    const u = inEveryLanguage((t) => refusalCard(unsafe, t));
    expect(u.en.text).toContain(
      'The command text contains an invisible direction control (U+202E) at character 2; retype it without',
    );
    expect(u['zh-CN'].text).toContain('命令文本在第 2 个字符处含有不可见的方向控制符（U+202E）');
    const quote = refusal(() => payorder.parse('"ORD 1'));
    const q = inEveryLanguage((t) => refusalCard(quote, t));
    expect(q.en.text).toContain('unterminated quote: "ORD 1 needs a closing "');
    expect(q['zh-CN'].text).toContain('引号没有闭合');
  });
});
