import { isRecord } from '../api-error.js';
import { SLACK_LIMITS as L } from './limits.js';
import type { Problems } from './problems.js';

const ALIGN = new Set(['left', 'center', 'right']);

/**
 * A `table` block at `at`, by Slack's table block reference: 1 to 100 rows (the header row is one
 * of them), each of 1 to 20 cells, every cell `raw_text` with text or `rich_text` with elements,
 * and at most 20 column settings, each `null` or `{ align?, is_wrapped? }`. A `raw_text` cell's
 * text may not be empty, as no text object's may.
 */
export function tableErrors(p: Problems, at: string, block: Record<string, unknown>): void {
  for (const [i, row] of p.list(`${at}/rows`, block.rows, L.tableRows, 1).entries()) {
    for (const [j, cell] of p.list(`${at}/rows/${i}`, row, L.tableCells, 1).entries()) {
      cellErrors(p, `${at}/rows/${i}/${j}`, cell);
    }
  }
  if (block.column_settings === undefined) return;
  const settings = p.list(`${at}/column_settings`, block.column_settings, L.tableColumnSettings);
  for (const [i, s] of settings.entries()) {
    const where = `${at}/column_settings/${i}`;
    if (s === null) continue;
    if (!isRecord(s)) {
      p.add(where, 'must be an object or null');
      continue;
    }
    if (s.align !== undefined && !ALIGN.has(String(s.align))) {
      p.add(`${where}/align`, 'must be one of left, center, right');
    }
    if (s.is_wrapped !== undefined && typeof s.is_wrapped !== 'boolean') {
      p.add(`${where}/is_wrapped`, 'must be a boolean');
    }
  }
}

function cellErrors(p: Problems, at: string, cell: unknown): void {
  if (!isRecord(cell)) {
    p.add(at, 'must be a raw_text or rich_text object');
    return;
  }
  if (cell.type === 'raw_text') {
    if (typeof cell.text !== 'string' || cell.text.length === 0) {
      p.add(`${at}/text`, 'must be more than 0 characters');
    }
    return;
  }
  if (cell.type === 'rich_text') {
    p.list(`${at}/elements`, cell.elements, Number.POSITIVE_INFINITY, 1);
    return;
  }
  p.add(`${at}/type`, 'must be raw_text or rich_text');
}

/** Slack takes one table per message (it names the refusal `only_one_table_allowed`). */
export function oneTableErrors(p: Problems, at: string, blocks: unknown): void {
  if (!Array.isArray(blocks)) return;
  const tables = blocks.flatMap((b, i) => (isRecord(b) && b.type === 'table' ? [i] : []));
  for (const i of tables.slice(1)) p.add(`${at}/${i}`, 'only_one_table_allowed');
}
