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

  it('also defuses a formula after leading spaces or tabs, and full-width formula signs', () => {
    const cells = [
      ' =1+1',
      '\t=cmd',
      '  @SUM(A1)',
      '\u3000+1',
      '＝1+1',
      '＋1',
      '－cmd',
      '＠SUM(A1)',
    ];
    expect(cells.map(guardCell)).toEqual(cells.map((c) => `'${c}`));
    // Text that merely contains such signs, or a plain name with a space, stays as it is.
    expect(['a=b', ' 王小明', '1+1', 'x＝y'].map(guardCell)).toEqual([
      'a=b',
      ' 王小明',
      '1+1',
      'x＝y',
    ]);
  });

  it('quotes commas, quotes and line breaks so every row reads back as written', () => {
    const rows = [['a, b', 'say "hi"', 'line\nbreak', '收货人']];
    const csv = toCsv(['x', 'y', 'z', 'w'], rows).toString('utf8');
    expect(parse(csv, { bom: true })).toEqual([['x', 'y', 'z', 'w'], ...rows]);
  });

  it('starts with a UTF-8 byte-order mark unless told not to', () => {
    const rows = [['王小明']];
    expect([...toCsv(['name'], rows).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const plain = toCsv(['name'], rows, { bom: false });
    expect(plain.toString('utf8')).toBe('name\r\n王小明\r\n');
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
