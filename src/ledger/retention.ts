import type { Db } from '../store/database.js';
import { dayRange } from './day.js';

/** ledger_state rows this module owns. */
const CLAIM_KEY = 'retention_day';
export const PRUNED_BEFORE_KEY = 'pruned_before';
const BATCH = 5_000;

export type PruneResult =
  | { status: 'claimed-elsewhere' }
  | { status: 'pruned'; deleted: number; before: Date };

/**
 * Deletes entries older than `retentionDays` local days (whole days, so every kept day still
 * equals its aggregate row), keeping the aggregates. The local day is claimed first with a
 * conditional update, as the daily summary claims its run: one replica prunes per day. Deleted in
 * batches per workspace through the (workspace, time) index, so writers are never held for long.
 */
export async function pruneEntries(
  db: Db,
  q: { retentionDays: number; now: Date; timeZone: string },
): Promise<PruneResult> {
  const today = dayRange(q.now, q.timeZone);
  if (!(await claimDay(db, today.key))) return { status: 'claimed-elsewhere' };
  let start = today.start;
  for (let i = 0; i < q.retentionDays; i++)
    start = dayRange(new Date(start.getTime() - 1), q.timeZone).start;
  const before = start.getTime();
  const workspaces = await db
    .selectFrom('ledger_daily')
    .select('workspace_id')
    .distinct()
    .execute();
  let deleted = 0;
  for (const { workspace_id } of workspaces) {
    for (;;) {
      const ids = db
        .selectFrom('ledger_entries')
        .select('id')
        .where('workspace_id', '=', workspace_id)
        .where('created_at', '<', before)
        .limit(BATCH);
      const result = await db
        .deleteFrom('ledger_entries')
        .where('id', 'in', ids)
        .executeTakeFirst();
      const n = Number(result.numDeletedRows);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  await db
    .insertInto('ledger_state')
    .values({ name: PRUNED_BEFORE_KEY, value: String(before) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(before) }))
    .execute();
  return { status: 'pruned', deleted, before: new Date(before) };
}

async function claimDay(db: Db, day: string): Promise<boolean> {
  await db
    .insertInto('ledger_state')
    .values({ name: CLAIM_KEY, value: '' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const taken = await db
    .updateTable('ledger_state')
    .set({ value: day })
    .where('name', '=', CLAIM_KEY)
    .where('value', '<>', day)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Entries before this instant may have been pruned (their days live on in the aggregates). */
export async function prunedBefore(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_state')
    .select('value')
    .where('name', '=', PRUNED_BEFORE_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : undefined;
}
