import { stringify } from 'csv-stringify/sync';

/** UTF-8's byte-order mark: with it Excel reads the file as UTF-8 (Chinese names intact). */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * What a spreadsheet may run as a formula: `=`, `+`, `-`, `@` (and their full-width forms, which
 * some spreadsheet programs fold to ASCII), also after leading spaces or tabs, which they skip;
 * and a cell starting with a tab or carriage return, which some apps also read so.
 */
const FORMULA = /^(?:[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r])/;

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe: receiver names and
 * remarks come from strangers. Plain numbers such as "-12.50" stay numbers.
 */
export function guardCell(cell: string): string {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return cell;
  return FORMULA.test(cell) ? `'${cell}` : cell;
}

/**
 * UTF-8 CSV with a header row, lines ending CRLF as RFC 4180 says; with a byte-order mark unless
 * `bom` is false (the export preview offers it, on by default).
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { bom?: boolean } = {},
): Buffer {
  const text = stringify([header.map(guardCell), ...rows.map((r) => r.map(guardCell))], {
    record_delimiter: '\r\n',
  });
  const body = Buffer.from(text, 'utf8');
  return options.bom === false ? body : Buffer.concat([BOM, body]);
}
