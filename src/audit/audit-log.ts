import type { AuditEntriesTable, Db } from '../store/database.js';
import type { AuditEntry } from './audit-entry.js';

export type { AuditEntry } from './audit-entry.js';

export interface AuditQuery {
  workspaceId: string;
  since: Date;
  userId?: string;
  limit?: number;
}

const DAY_MS = 86_400_000;

function fromRow(r: Omit<AuditEntriesTable, 'id'>): AuditEntry {
  return {
    at: new Date(Number(r.at)),
    workspaceId: r.workspace_id,
    userId: r.user_id ?? undefined,
    channelId: r.channel_id ?? undefined,
    command: r.command,
    operation: r.operation,
    params: r.params,
    points: Number(r.points),
    resultCode: r.result_code,
    latencyMs: Number(r.latency_ms),
    requestId: r.request_id,
    ...(r.charge === 'unconfirmed' || r.charge === 'settled' ? { charge: r.charge } : {}),
    ...(r.approved_by ? { approvedBy: r.approved_by } : {}),
  };
}

const toRow = (e: AuditEntry) => ({
  at: e.at.getTime(),
  workspace_id: e.workspaceId,
  user_id: e.userId ?? null,
  channel_id: e.channelId ?? null,
  command: e.command,
  operation: e.operation,
  params: e.params,
  points: e.points,
  result_code: e.resultCode,
  latency_ms: Math.round(e.latencyMs),
  request_id: e.requestId,
  charge: e.charge ?? null,
  approved_by: e.approvedBy ?? null,
});

async function insertEntry(db: Db, e: AuditEntry): Promise<void> {
  await db.insertInto('audit_entries').values(toRow(e)).execute();
}

/** The most rows one insert takes: 13 values each, well under SQLite's 32,766 parameters. */
export const AUDIT_INSERT_MAX = 200;

/** The audit of every gateway call, per workspace; nothing here knows Slack. */
export function createAuditLog(db: Db) {
  return {
    async record(e: AuditEntry): Promise<void> {
      await insertEntry(db, e);
    },
    /** Several rows in one statement (at most AUDIT_INSERT_MAX), in the order given. */
    async recordMany(entries: readonly AuditEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.insertInto('audit_entries').values(entries.map(toRow)).execute();
    },
    /**
     * `recordMany`, leaving out the rows whose call has a row in already: replayed rows (from the
     * audit journal) whose first write reached the store before the process stopped. One look-up
     * by (workspace, time), the index's columns, and one insert.
     */
    async recordOnce(entries: readonly AuditEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const found = await db
        .selectFrom('audit_entries')
        .select(['workspace_id', 'request_id', 'operation', 'at'])
        .where((eb) =>
          eb.or(
            entries.map((e) =>
              eb.and([eb('workspace_id', '=', e.workspaceId), eb('at', '=', e.at.getTime())]),
            ),
          ),
        )
        .execute();
      const call = (workspace: string, request: string, op: string, at: number) =>
        `${workspace}\u0000${request}\u0000${op}\u0000${at}`;
      const inAlready = new Set(
        found.map((r) => call(r.workspace_id, r.request_id, r.operation, Number(r.at))),
      );
      const fresh = entries.filter(
        (e) => !inAlready.has(call(e.workspaceId, e.requestId, e.operation, e.at.getTime())),
      );
      if (fresh.length > 0) await db.insertInto('audit_entries').values(fresh.map(toRow)).execute();
    },
    /** An unconfirmed call's row once a later answer settled what it cost. */
    async settle(q: { workspaceId: string; requestId: string; points: number }): Promise<void> {
      await db
        .updateTable('audit_entries')
        .set({ points: q.points, charge: 'settled' })
        .where('workspace_id', '=', q.workspaceId)
        .where('request_id', '=', q.requestId)
        .where('charge', '=', 'unconfirmed')
        .execute();
    },
    /** Newest first, one workspace only, optionally one person, from `since`. */
    async list(q: AuditQuery): Promise<AuditEntry[]> {
      let query = db
        .selectFrom('audit_entries')
        .selectAll()
        .where('workspace_id', '=', q.workspaceId)
        .where('at', '>=', q.since.getTime());
      if (q.userId) query = query.where('user_id', '=', q.userId);
      const rows = await query
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit ?? 10_000)
        .execute();
      return rows.map(fromRow);
    },
    /**
     * Deletes entries older than `retentionDays`, at most once per UTC day across every replica:
     * the day's claim row is inserted by exactly one of them.
     */
    async pruneOnce(now: Date, retentionDays: number): Promise<number | undefined> {
      const day = now.toISOString().slice(0, 10);
      const claimed = await db
        .insertInto('job_claims')
        .values({ job: 'audit-prune', period_key: day, claimed_at: now.getTime() })
        .onConflict((oc) => oc.columns(['job', 'period_key']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      const cut = now.getTime() - retentionDays * DAY_MS;
      const res = await db.deleteFrom('audit_entries').where('at', '<', cut).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
