import type { types } from '@slack/bolt';
import { LIMITS, truncate } from './limits.js';

/** One column of a record table: its title and how a record fills its cell. */
export interface Column<R> {
  title: string;
  cell: (record: R) => string;
  /** Amounts are right-aligned; everything else is left-aligned, Slack's default. */
  align?: 'right';
  /** Long free text (goods, addresses, remarks) wraps instead of being cut off on screen. */
  wrap?: boolean;
}

/** Records one table shows: Slack's 100 rows include the header row. */
export const TABLE_RECORDS = LIMITS.tableRows - 1;

/**
 * A `raw_text` cell. Slack draws raw_text as it is, parsing no mrkdwn, so no mention, link or
 * entity can come of gateway data; whitespace is folded, the text cut, and an empty value shown
 * as '—' (Slack wants at least one character).
 */
function cell(text: string): types.RawTextElement {
  const folded = text.replace(/\s+/g, ' ').trim();
  return { type: 'raw_text', text: truncate(folded, LIMITS.tableCellText) || '—' };
}

/**
 * One `table` block: a header row of column titles, then one row per record, at most
 * `TABLE_RECORDS` of them (the caller says how many it left out).
 */
export function recordTable<R>(columns: Column<R>[], records: R[]): types.TableBlock {
  const shown = columns.slice(0, LIMITS.tableCells);
  const rows = [
    shown.map((c) => cell(c.title)),
    ...records.slice(0, TABLE_RECORDS).map((r) => shown.map((c) => cell(c.cell(r)))),
  ];
  const column_settings = shown.map((c) => ({
    align: c.align ?? ('left' as const),
    ...(c.wrap ? { is_wrapped: true } : {}),
  }));
  return { type: 'table', rows, column_settings } satisfies types.TableBlock;
}
