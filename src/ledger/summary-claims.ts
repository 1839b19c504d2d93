import type { Db } from '../store/database.js';

export interface SummaryKey {
  workspaceId: string;
  /** The scheduled run's identity, e.g. its scheduled instant as ISO text. */
  periodKey: string;
}

/** A claim not marked sent after this long belongs to a process that died mid-send. */
export const STALE_CLAIM_MS = 10 * 60_000;

/**
 * True only for the first claimer of this (workspace, period), across replicas and restarts; or
 * for whoever takes over a claim left unsent for STALE_CLAIM_MS (its claimer crashed).
 */
export async function claimSummary(
  db: Db,
  key: SummaryKey & { late?: boolean },
  now: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('summary_runs')
    .values({
      workspace_id: key.workspaceId,
      period_key: key.periodKey,
      claimed_at: now.getTime(),
      late: key.late ? 1 : 0,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('period_key')
    .executeTakeFirst();
  if (row !== undefined) return true;
  const taken = await db
    .updateTable('summary_runs')
    .set({ claimed_at: now.getTime(), late: key.late ? 1 : 0 })
    .where('workspace_id', '=', key.workspaceId)
    .where('period_key', '=', key.periodKey)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<', now.getTime() - STALE_CLAIM_MS)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

export async function markSummarySent(db: Db, key: SummaryKey, now: Date): Promise<void> {
  await db
    .updateTable('summary_runs')
    .set({ sent_at: now.getTime() })
    .where('workspace_id', '=', key.workspaceId)
    .where('period_key', '=', key.periodKey)
    .execute();
}

/** Gives an unsent claim back (posting failed), so a later attempt may claim it again. */
export async function releaseSummary(db: Db, key: SummaryKey): Promise<void> {
  await db
    .deleteFrom('summary_runs')
    .where('workspace_id', '=', key.workspaceId)
    .where('period_key', '=', key.periodKey)
    .where('sent_at', 'is', null)
    .execute();
}
