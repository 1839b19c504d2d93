import { stringify } from 'csv-stringify/sync';
import type { AuditEntry } from './audit-log.js';

const HEADER = [
  'time_utc',
  'user',
  'workspace',
  'channel',
  'command',
  'operation',
  'parameters',
  'points',
  'result_code',
  'latency_ms',
  'request_id',
];

/** A cell a spreadsheet would run as a formula is prefixed with a quote, so it stays text. */
function guard(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The audit as CSV (csv-stringify does the quoting); every text cell formula-guarded. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((e) =>
    [
      e.at.toISOString(),
      e.userId ?? '',
      e.workspaceId,
      e.channelId ?? '',
      e.command,
      e.operation,
      e.params,
      String(e.points),
      e.resultCode,
      String(e.latencyMs),
      e.requestId,
    ].map(guard),
  );
  return stringify([HEADER, ...rows]);
}
