import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueProblem, type Problem, wholeNumber } from '../../../src/slack/args/index.js';
import { check, text } from '../../../src/slack/commands/arg-rules.js';
import { spendCommand } from '../../../src/slack/spend/period.js';

/** The problem each issue carries itself, not one looked up by its English message. */
function carried(r: { success: boolean; error?: z.ZodError }): (Problem | undefined)[] {
  return (r.error?.issues ?? []).map(
    (i) => (i as { params?: { problem?: Problem } }).params?.problem,
  );
}

describe('the bot’s own argument rules', () => {
  it('carry their catalogue problem with the zod issue', () => {
    expect(carried(wholeNumber(1, 30).safeParse('x'))).toEqual([
      { key: 'help.refusal.wholeNumberRange', values: { min: '1', max: '30' } },
    ]);
    expect(carried(wholeNumber(1).safeParse('0'))).toEqual([
      { key: 'help.refusal.wholeNumberMin', values: { min: '1' } },
    ]);
    expect(carried(z.object({ a: text }).safeParse({}))).toEqual([
      { key: 'help.refusal.fieldRequired' },
    ]);
    expect(carried(z.object({ a: text }).safeParse({ a: 3 }))).toEqual([
      { key: 'help.refusal.notText' },
    ]);
  });

  it('keep their problem when re-reported under an option name by check()', () => {
    const inner = z.object({ pageSize: wholeNumber(1, 100) });
    const outer = z
      .object({ size: z.string() })
      .transform((a, ctx) => check(inner, { pageSize: a.size }, ctx, { pageSize: 'size' }));
    const r = outer.safeParse({ size: '500' });
    expect(r.error?.issues[0]?.path).toEqual(['size']);
    expect(issueProblem(r.error!.issues[0]!)).toEqual({
      key: 'help.refusal.wholeNumberRange',
      values: { min: '1', max: '100' },
    });
  });

  it('/spend names its periods by key', () => {
    const r = spendCommand.schema.safeParse({ period: 'yesterday' });
    expect(carried(r)).toEqual([{ key: 'help.refusal.choosePeriod' }]);
  });
});
