import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ArgsError,
  dayArg,
  defineCommand,
  pageNumber,
  parseArgs,
  parseDay,
  wholeNumber,
} from '../../../src/slack/args/index.js';

function problemOf(fn: () => unknown): ArgsError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ArgsError) return err;
    throw err;
  }
  throw new Error('expected an ArgsError');
}

describe('parseArgs', () => {
  it('splits positionals and key=value options on any whitespace', () => {
    const parsed = parseArgs('  ORD-1\t 4455  type=merchant\u00a0page=2 ');

    expect(parsed).toEqual({
      positionals: ['ORD-1', '4455'],
      options: { type: 'merchant', page: '2' },
    });
  });

  it('reads double- and single-quoted values and positionals with spaces', () => {
    const parsed = parseArgs(`"Main Street shop" remark="late delivery" note='two words'`);

    expect(parsed.positionals).toEqual(['Main Street shop']);
    expect(parsed.options).toEqual({ remark: 'late delivery', note: 'two words' });
  });

  it('reads the smart quotes Slack clients insert', () => {
    const parsed = parseArgs('remark=“late delivery” note=‘two words’ “a b”');

    expect(parsed.options).toEqual({ remark: 'late delivery', note: 'two words' });
    expect(parsed.positionals).toEqual(['a b']);
  });

  it('keeps escaped quotes and apostrophes inside words', () => {
    const parsed = parseArgs(`remark="say \\"hi\\"" who=O’Brien what=don't 'it\\'s'`);

    expect(parsed.options).toEqual({ remark: 'say "hi"', who: 'O’Brien', what: "don't" });
    expect(parsed.positionals).toEqual(["it's"]);
  });

  it('keeps an = inside a quoted positional and after the first = of an option', () => {
    const parsed = parseArgs('"abc==" session=xyz=');

    expect(parsed.positionals).toEqual(['abc==']);
    expect(parsed.options).toEqual({ session: 'xyz=' });
  });

  it("undoes Slack's &amp; &lt; &gt; escaping", () => {
    const parsed = parseArgs('remark="a &amp; b &lt;c&gt;"');

    expect(parsed.options.remark).toBe('a & b <c>');
  });

  it('accepts an explicitly empty quoted value', () => {
    expect(parseArgs('remark=""').options).toEqual({ remark: '' });
  });

  it.each([
    ['type=platform type=merchant', 'option "type" is given twice'],
    ['remark="late delivery', 'unterminated quote: "late delivery needs a closing "'],
    ['remark=“late', 'unterminated quote'],
    ['Type=merchant', 'option name "Type" must be lowercase'],
    ['page-size=3', 'option name "page-size" must be lowercase'],
    ['remark=', 'option "remark" has no value'],
  ])('refuses %s', (text, message) => {
    const err = problemOf(() => parseArgs(text));

    expect(err.message).toContain(message);
  });
});

const payorder = defineCommand({
  name: '/payorder',
  usage: '<order_number> <merchant_num> [type=platform|merchant]',
  positionals: ['order_number', 'merchant_num'],
  options: ['type'],
  schema: z.object({
    order_number: z.string().max(64),
    merchant_num: z.string().regex(/^\d+$/, 'must be digits'),
    type: z.enum(['platform', 'merchant']).optional(),
  }),
});

describe('defineCommand', () => {
  it('hands named positionals and options to the schema', () => {
    const input = payorder.parse('ORD-1 4455 type=merchant');

    expect(input).toEqual({ order_number: 'ORD-1', merchant_num: '4455', type: 'merchant' });
  });

  it('names an unknown option and carries the usage line', () => {
    const err = problemOf(() => payorder.parse('ORD-1 4455 foo=1'));

    expect(err.message).toBe('unknown option "foo" (known: type)');
    expect(err.usage).toBe('/payorder <order_number> <merchant_num> [type=platform|merchant]');
  });

  it('names extra positionals', () => {
    const err = problemOf(() => payorder.parse('ORD-1 4455 extra'));

    expect(err.message).toBe('too many arguments: expected at most 2 arguments, extra "extra"');
  });

  it('names a missing positional in words', () => {
    const err = problemOf(() => payorder.parse('ORD-1'));

    expect(err.message).toBe('missing <merchant_num>');
    expect(err.usage).toContain('/payorder');
  });

  it('names the offending option value and what is wrong', () => {
    const err = problemOf(() => payorder.parse('ORD-1 4455 type=both'));

    expect(err.message).toMatch(/^option type="both": .*platform.*merchant/);
  });

  it('names the offending positional value', () => {
    const err = problemOf(() => payorder.parse('ORD-1 44x'));

    expect(err.message).toBe('<merchant_num> "44x": must be digits');
  });

  it('carries the usage line on tokenising errors too', () => {
    const err = problemOf(() => payorder.parse('"ORD-1 4455'));

    expect(err.message).toContain('unterminated quote');
    expect(err.usage).toContain('/payorder <order_number>');
  });

  it('reports whole-object refinements in their own words', () => {
    const account = defineCommand({
      name: '/account',
      usage: '<media_mark> or phone=N or session=ID',
      positionals: ['media_mark'],
      options: ['phone', 'session'],
      schema: z
        .object({
          media_mark: z.string().optional(),
          phone: z.string().optional(),
          session: z.string().optional(),
        })
        .refine((v) => v.media_mark || v.phone || v.session, {
          message: 'give a media mark, phone= or session=',
        }),
    });

    const err = problemOf(() => account.parse(''));

    expect(err.message).toBe('give a media mark, phone= or session=');
  });
});

describe('pageNumber and wholeNumber', () => {
  const shoporders = defineCommand({
    name: '/shoporders',
    usage: '<owner_id> [page=N] [size=1..100]',
    positionals: ['owner_id'],
    options: ['page', 'size'],
    schema: z.object({
      owner_id: z.string(),
      page: pageNumber.default(1),
      size: wholeNumber(1, 100).optional(),
    }),
  });

  it('reads human page numbers starting at 1', () => {
    expect(shoporders.parse('42 page=3 size=100')).toEqual({ owner_id: '42', page: 3, size: 100 });
    expect(shoporders.parse('42').page).toBe(1);
  });

  it.each([
    ['42 page=0', 'option page="0": must be a whole number 1 or more'],
    ['42 page=1.5', 'option page="1.5": must be a whole number 1 or more'],
    ['42 page=two', 'option page="two": must be a whole number 1 or more'],
    ['42 size=101', 'option size="101": must be a whole number from 1 to 100'],
  ])('refuses %s', (text, message) => {
    expect(problemOf(() => shoporders.parse(text)).message).toBe(message);
  });
});

describe('parseDay', () => {
  it('reads a day in Asia/Shanghai as 16:00 UTC the day before to 16:00 UTC', () => {
    const day = parseDay('2024-03-09', 'Asia/Shanghai');

    expect(day.start.toISOString()).toBe('2024-03-08T16:00:00.000Z');
    expect(day.end.toISOString()).toBe('2024-03-09T16:00:00.000Z');
  });

  it('reads a day in UTC as midnight to midnight', () => {
    const day = parseDay('2024-12-31', 'UTC');

    expect(day.start.toISOString()).toBe('2024-12-31T00:00:00.000Z');
    expect(day.end.toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('gives a 23-hour day when New York springs forward', () => {
    const day = parseDay('2024-03-10', 'America/New_York');

    expect(day.start.toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(day.end.toISOString()).toBe('2024-03-11T04:00:00.000Z');
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3600_000);
  });

  it('gives a 25-hour day when New York falls back', () => {
    const day = parseDay('2024-11-03', 'America/New_York');

    expect(day.end.getTime() - day.start.getTime()).toBe(25 * 3600_000);
  });

  it.each([
    ['2024-02-30', '"2024-02-30" is not a real date: February 2024 has 29 days'],
    ['2023-02-29', '"2023-02-29" is not a real date: February 2023 has 28 days'],
    ['2024-13-01', '"2024-13-01" is not a real date: there is no month 13'],
    ['2024-04-00', '"2024-04-00" is not a real date: April 2024 has 30 days'],
    ['2024/03/09', '"2024/03/09" is not a date: write it as YYYY-MM-DD, like 2024-03-09'],
    ['yesterday', '"yesterday" is not a date'],
  ])('refuses %s', (text, message) => {
    expect(problemOf(() => parseDay(text, 'Asia/Shanghai')).message).toContain(message);
  });

  it('accepts a leap day', () => {
    expect(parseDay('2024-02-29', 'UTC').start.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('works as a command option through dayArg, naming the problem', () => {
    const coupons = defineCommand({
      name: '/coupons',
      usage: '<sid> [from=DATE]',
      positionals: ['sid'],
      options: ['from'],
      schema: z.object({ sid: z.string(), from: dayArg('Asia/Shanghai').optional() }),
    });

    expect(coupons.parse('s1 from=2024-03-09').from?.start.toISOString()).toBe(
      '2024-03-08T16:00:00.000Z',
    );
    expect(problemOf(() => coupons.parse('s1 from=2024-02-30')).message).toBe(
      'option from: "2024-02-30" is not a real date: February 2024 has 29 days',
    );
  });
});
