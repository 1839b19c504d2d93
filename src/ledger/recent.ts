import type { Db } from '../store/database.js';
import type { LedgerEntry } from './types.js';

/** Zones are at most 14 hours ahead of UTC: a day key's date minus this is before its start. */
const WIDEST_OFFSET_MS = 14 * 3_600_000;

/**
 * Where one person's last `limit` entries begin at the earliest, from the aggregates: the start
 * of the day by which their newest days hold `limit` entries, or null when they have none. Without
 * it, someone with no entries (or only old ones) would make the query walk the workspace's whole
 * ledger looking for theirs.
 */
async function personalWindow(
  db: Db,
  q: { workspaceId: string; userId: string; limit: number },
): Promise<number | null> {
  const days = await db
    .selectFrom('ledger_daily')
    .select('day')
    .select((eb) => eb.fn.sum<number>('calls').as('calls'))
    .where('workspace_id', '=', q.workspaceId)
    .where('user_id', '=', q.userId)
    .groupBy('day')
    .orderBy('day', 'desc')
    .limit(Math.max(1, q.limit))
    .execute();
  let seen = 0;
  for (const d of days) {
    seen += Number(d.calls);
    if (seen >= q.limit || d === days[days.length - 1]) {
      return Date.parse(`${d.day}T00:00:00Z`) - WIDEST_OFFSET_MS;
    }
  }
  return null;
}

/** The workspace's last `limit` entries, newest first; with `userId`, only that person's. */
export async function recentEntries(
  db: Db,
  q: { workspaceId: string; limit: number; userId?: string },
): Promise<LedgerEntry[]> {
  const limit = Math.max(0, Math.min(Math.trunc(q.limit), 1000));
  const since =
    q.userId === undefined
      ? undefined
      : await personalWindow(db, { workspaceId: q.workspaceId, userId: q.userId, limit });
  if (since === null || limit === 0) return [];
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('workspace_id', '=', q.workspaceId)
    .$if(q.userId !== undefined, (qb) => qb.where('user_id', '=', q.userId ?? ''))
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since ?? 0))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    workspaceId: r.workspace_id,
    userId: r.user_id,
    channelId: r.channel_id,
    operation: r.operation,
    points: Number(r.points),
    kind: r.kind,
    gatewayCode: Number(r.gateway_code),
    requestId: r.request_id,
    qrSessionId: r.qr_session_id,
    createdAt: new Date(Number(r.created_at)),
    unconfirmed: r.tally === 'unknown',
  }));
}

/** Whether the workspace has any entry older than `before`: one indexed row, not a report. */
export async function hasEntriesBefore(
  db: Db,
  q: { workspaceId: string; before: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('workspace_id', '=', q.workspaceId)
    .where('created_at', '<', q.before.getTime())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
