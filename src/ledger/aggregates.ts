import { type Kysely, sql } from 'kysely';
import type { Database, Db, StoreDialect } from '../store/database.js';
import { dayRange, daysBetween } from './day.js';
import { writeTransaction } from './write-transaction.js';

/** ledger_state rows this module owns. */
const ZONE_KEY = 'aggregate_zone';

/** The zone the aggregates are built in, or undefined before the first build. */
export async function aggregateZone(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('ledger_state')
    .select('value')
    .where('name', '=', ZONE_KEY)
    .executeTakeFirst();
  return row?.value;
}

/**
 * Makes the aggregates follow `timeZone`: when they were built in another zone (or never), they
 * are rebuilt from the entries, in one transaction that keeps every writer out meanwhile (a table
 * lock on PostgreSQL, the write lock on SQLite), so no increment is lost or counted twice.
 * Days older than the oldest kept entry (see retention) cannot be rebuilt and keep their rows.
 */
export async function ensureAggregates(
  db: Db,
  dialect: StoreDialect,
  timeZone: string,
): Promise<{ rebuilt: boolean }> {
  if ((await aggregateZone(db)) === timeZone) return { rebuilt: false };
  return writeTransaction(db, dialect, async (trx) => {
    await trx
      .insertInto('ledger_state')
      .values({ name: ZONE_KEY, value: '' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (dialect === 'postgres') {
      await sql`lock table ledger_daily in share row exclusive mode`.execute(trx);
    }
    if ((await aggregateZone(trx)) === timeZone) return { rebuilt: false };
    await rebuild(trx, timeZone);
    await trx
      .updateTable('ledger_state')
      .set({ value: timeZone })
      .where('name', '=', ZONE_KEY)
      .execute();
    return { rebuilt: true };
  });
}

/** Each workspace's first and last entry time (epoch ms, as the driver returns them). */
export function entrySpans(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_entries')
    .select('workspace_id')
    .select((eb) => [
      eb.fn.min<number>('created_at').as('first'),
      eb.fn.max<number>('created_at').as('last'),
    ])
    .groupBy('workspace_id')
    .execute();
}

/** Recomputes every day that still has entries, workspace by workspace and day by day. */
async function rebuild(trx: Kysely<Database>, timeZone: string): Promise<void> {
  const spans = await entrySpans(trx);
  for (const s of spans) {
    const first = new Date(Number(s.first));
    const days = daysBetween(first, new Date(Number(s.last) + 1), timeZone);
    await trx
      .deleteFrom('ledger_daily')
      .where('workspace_id', '=', s.workspace_id)
      .where('day', '>=', dayRange(first, timeZone).key)
      .execute();
    for (const d of days) {
      await sql`
        insert into ledger_daily (workspace_id, day, operation, user_id, kind, points, calls)
        select workspace_id, ${d.key}, operation, coalesce(user_id, ''), coalesce(tally, kind),
               sum(points), count(*)
        from ledger_entries
        where workspace_id = ${s.workspace_id}
          and created_at >= ${d.start.getTime()} and created_at < ${d.end.getTime()}
        group by workspace_id, operation, coalesce(user_id, ''), coalesce(tally, kind)`.execute(
        trx,
      );
    }
  }
}
