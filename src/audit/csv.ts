import { toCsv } from '../exports/csv.js';
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
  // `unconfirmed` (charge unknown, points held) or `settled`; empty for an answered call.
  'charge',
  // Who approved the work that made the call (the user column is the asker); empty: none.
  'approved_by',
];

/**
 * The audit as CSV, the exports' format: UTF-8 with a byte-order mark, csv-stringify's quoting,
 * every cell formula-guarded the same way.
 */
export function auditCsv(entries: readonly AuditEntry[]): Buffer {
  const rows = entries.map((e) => [
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
    e.charge ?? '',
    e.approvedBy ?? '',
  ]);
  return toCsv(HEADER, rows);
}
