import type { Db } from '../store/database.js';
import type { LedgerEntry } from './types.js';

/** The workspace's last `limit` entries, newest first; with `userId`, only that person's. */
export async function recentEntries(
  db: Db,
  q: { workspaceId: string; limit: number; userId?: string },
): Promise<LedgerEntry[]> {
  const limit = Math.max(0, Math.min(Math.trunc(q.limit), 1000));
  const rows = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('workspace_id', '=', q.workspaceId)
    .$if(q.userId !== undefined, (qb) => qb.where('user_id', '=', q.userId ?? ''))
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
