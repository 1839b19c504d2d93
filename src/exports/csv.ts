import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and the tab / carriage return
 * some apps also read so) gets a leading apostrophe: receiver names and remarks come from
 * strangers. Plain numbers such as "-12.50" stay numbers.
 */
export function guardCell(cell: string): string {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** UTF-8 CSV (no byte-order mark) with a header row, lines ending CRLF as RFC 4180 says. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): Buffer {
  const text = stringify([header.map(guardCell), ...rows.map((r) => r.map(guardCell))], {
    record_delimiter: '\r\n',
  });
  return Buffer.from(text, 'utf8');
}
