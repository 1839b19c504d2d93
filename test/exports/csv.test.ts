import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { guardCell, toCsv } from '../../src/exports/csv.js';
import { yuanText } from '../../src/slack/exports/export-rows.js';

describe('export CSV', () => {
  it('defuses cells a spreadsheet would run as a formula, and keeps plain numbers', () => {
    expect(
      ['=HYPERLINK("x")', '+1', '-cmd', '@SUM(A1)', '-12.50', '12', '王小明'].map(guardCell),
    ).toEqual([`'=HYPERLINK("x")`, `'+1`, `'-cmd`, `'@SUM(A1)`, '-12.50', '12', '王小明']);
  });

  it('quotes commas, quotes and line breaks so every row reads back as written', () => {
    const rows = [['a, b', 'say "hi"', 'line\nbreak', '收货人']];
    const csv = toCsv(['x', 'y', 'z', 'w'], rows).toString('utf8');
    expect(parse(csv)).toEqual([['x', 'y', 'z', 'w'], ...rows]);
  });

  it('writes yuan with two decimals from the decimal text, never through a float', () => {
    expect(['5', '5.5', '1.005', '12.344', '0.1', 'n/a'].map(yuanText)).toEqual([
      '5.00',
      '5.50',
      '1.01',
      '12.34',
      '0.10',
      'n/a',
    ]);
  });
});
