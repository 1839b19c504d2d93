import { describe, expect, it } from 'vitest';
import { ArgsError } from '../../../src/slack/args/index.js';
import { parseSpendArg, spendPeriod } from '../../../src/slack/spend/period.js';

const ZONE = 'Asia/Shanghai';
// 12:00 on 21 Nov 2026 in Shanghai (UTC+8).
const NOW = new Date('2026-11-21T04:00:00Z');

describe('parseSpendArg', () => {
  it('reads today, 7d and 30d, with today as the default', () => {
    expect(parseSpendArg('')).toBe('today');
    expect(parseSpendArg('  today ')).toBe('today');
    expect(parseSpendArg('7d')).toBe('7d');
    expect(parseSpendArg('30D')).toBe('30d');
  });

  it('names the problem and shows the usage for anything else', () => {
    const attempt = (text: string) => {
      try {
        parseSpendArg(text);
      } catch (err) {
        return err;
      }
      return undefined;
    };

    const week = attempt('week');
    const extra = attempt('7d 30d');

    expect(week).toBeInstanceOf(ArgsError);
    expect((week as ArgsError).message).toMatch(/today, 7d or 30d/);
    expect((week as ArgsError).usage).toBe('/spend [today|7d|30d]');
    expect((extra as ArgsError).message).toMatch(/too many arguments/);
  });
});

describe('spendPeriod', () => {
  it('today runs from local midnight to now', () => {
    expect(spendPeriod('today', NOW, ZONE)).toEqual({
      from: new Date('2026-11-20T16:00:00Z'),
      to: NOW,
      label: 'today',
    });
  });

  it('7d and 30d start at local midnight 6 and 29 days before today', () => {
    expect(spendPeriod('7d', NOW, ZONE).from).toEqual(new Date('2026-11-14T16:00:00Z'));
    expect(spendPeriod('30d', NOW, ZONE).from).toEqual(new Date('2026-10-22T16:00:00Z'));
    expect(spendPeriod('30d', NOW, ZONE).label).toBe('last 30 days');
  });

  it('counts local days across a clock change', () => {
    // New York leaves summer time on 1 Nov 2026; 7 local days back from 3 Nov noon start 28 Oct.
    const period = spendPeriod('7d', new Date('2026-11-03T17:00:00Z'), 'America/New_York');
    expect(period.from).toEqual(new Date('2026-10-28T04:00:00Z'));
  });
});
