import { sql } from 'kysely';
import type { Db } from '../store/database.js';
import { aggregateZone, entrySpans } from './aggregates.js';
import { dayRange, daysBetween } from './day.js';
import { prunedBefore } from './retention.js';

/** One aggregate row that differs from the sum of its entries. */
export interface AggregateMismatch {
  workspaceId: string;
  day: string;
  operation: string;
  userId: string;
  kind: string;
  aggregate: { points: number; calls: number };
  entries: { points: number; calls: number };
}

export interface VerifyResult {
  /** The zone the aggregates are kept in, if they have been built. */
  zone?: string;
  daysChecked: number;
  rowsChecked: number;
  mismatches: AggregateMismatch[];
}

const key = (r: { day: string; operation: string; user_id: string; kind: string }) =>
  `${r.day}\u0000${r.operation}\u0000${r.user_id}\u0000${r.kind}`;

/**
 * Checks that every aggregate row equals the sum of its entries, day by day and workspace by
 * workspace, and that no entry is missing from the aggregates. Days before the retention cut
 * (their entries deleted on purpose) are skipped.
 */
export async function verifyAggregates(db: Db): Promise<VerifyResult> {
  const zone = await aggregateZone(db);
  if (!zone) return { daysChecked: 0, rowsChecked: 0, mismatches: [] };
  const cut = await prunedBefore(db);
  const spans = await entrySpans(db);
  const aggregateWorkspaces = await db
    .selectFrom('ledger_daily')
    .select('workspace_id')
    .distinct()
    .execute();
  const workspaces = new Set([
    ...spans.map((s) => s.workspace_id),
    ...aggregateWorkspaces.map((w) => w.workspace_id),
  ]);
  const result: VerifyResult = { zone, daysChecked: 0, rowsChecked: 0, mismatches: [] };
  for (const workspaceId of [...workspaces].sort()) {
    const span = spans.find((s) => s.workspace_id === workspaceId);
    const firstKept = cut === undefined ? '' : dayRange(new Date(cut), zone).key;
    const aggregates = await db
      .selectFrom('ledger_daily')
      .select(['day', 'operation', 'user_id', 'kind', 'points', 'calls'])
      .where('workspace_id', '=', workspaceId)
      .where('day', '>=', firstKept)
      .execute();
    const expected = new Map<string, { points: number; calls: number }>();
    if (span) {
      const from = new Date(Math.max(Number(span.first), cut ?? 0));
      for (const d of daysBetween(from, new Date(Number(span.last) + 1), zone)) {
        result.daysChecked += 1;
        const rows = await sql<{
          operation: string;
          user_id: string;
          kind: string;
          points: number;
          calls: number;
        }>`
          select operation, coalesce(user_id, '') as user_id, coalesce(tally, kind) as kind,
                 sum(points) as points, count(*) as calls
          from ledger_entries
          where workspace_id = ${workspaceId}
            and created_at >= ${d.start.getTime()} and created_at < ${d.end.getTime()}
          group by operation, coalesce(user_id, ''), coalesce(tally, kind)`.execute(db);
        for (const r of rows.rows) {
          expected.set(key({ ...r, day: d.key }), {
            points: Number(r.points),
            calls: Number(r.calls),
          });
        }
      }
    }
    for (const a of aggregates) {
      result.rowsChecked += 1;
      const k = key(a);
      const e = expected.get(k) ?? { points: 0, calls: 0 };
      expected.delete(k);
      if (Number(a.points) !== e.points || Number(a.calls) !== e.calls) {
        result.mismatches.push({
          workspaceId,
          day: a.day,
          operation: a.operation,
          userId: a.user_id,
          kind: a.kind,
          aggregate: { points: Number(a.points), calls: Number(a.calls) },
          entries: e,
        });
      }
    }
    for (const [k, e] of expected) {
      const [day = '', operation = '', userId = '', kind = ''] = k.split('\u0000');
      result.mismatches.push({
        workspaceId,
        day,
        operation,
        userId,
        kind,
        aggregate: { points: 0, calls: 0 },
        entries: e,
      });
    }
  }
  return result;
}
