import { sql } from 'kysely';
import type { Db } from '../store/database.js';
import { dayRange, daysBetween } from './day.js';
import { reportFromCells, type SpendCell, type SpendQuery, TALLY } from './spend.js';
import type { SpendReport } from './types.js';

/** Charges count up, refunds count down. */
const signedPoints = sql<number>`case when kind = 'charge' then points else -points end`;

function inRange(db: Db, workspaceId: string, from: Date, to: Date) {
  return db
    .selectFrom('ledger_entries')
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', from.getTime())
    .where('created_at', '<', to.getTime());
}

/**
 * The same sums as `spendCells`, straight from the entries (bucketed into local days in SQL): the
 * reference the aggregates are checked against, and the answer for a zone they are not kept in.
 */
export async function rawSpendCells(db: Db, q: SpendQuery): Promise<SpendCell[]> {
  const days = daysBetween(q.from, q.to, q.timeZone);
  if (days.length === 0) return [];
  // Boundaries are integers computed here, so inlining them as literals is safe.
  const whens = days.map(
    (d, i) => sql`when created_at < ${sql.lit(d.end.getTime())} then ${sql.lit(i)}`,
  );
  const bucket = sql<number>`case ${sql.join(whens, sql` `)} end`;
  const rows = await inRange(db, q.workspaceId, q.from, q.to)
    .select(['operation', 'user_id', TALLY.as('kind'), bucket.as('day_index')])
    .select((eb) => [
      eb.fn.sum<number>('points').as('points'),
      eb.fn.countAll<number>().as('entries'),
    ])
    .groupBy([sql`day_index`, 'operation', 'user_id', TALLY])
    .execute();
  return rows.map((r) => ({
    day: days[Number(r.day_index)]?.key ?? '',
    operation: r.operation,
    userId: r.user_id,
    kind: r.kind,
    points: Number(r.points ?? 0),
    entries: Number(r.entries),
  }));
}

/** Points spent in [from, to), summed from the entries alone. */
export async function rawSpendReport(db: Db, q: SpendQuery): Promise<SpendReport> {
  return reportFromCells(q, await rawSpendCells(db, q));
}

/**
 * Net points (charges minus refunds) on the local day containing `day`, from the entries; an
 * unconfirmed charge (kind `charge`) counts at the points it holds, as in spentOnDay.
 */
export async function rawSpentOnDay(
  db: Db,
  q: { workspaceId: string; day: Date; timeZone: string },
): Promise<number> {
  const { start, end } = dayRange(q.day, q.timeZone);
  const row = await inRange(db, q.workspaceId, start, end)
    .select(sql<number | null>`sum(${signedPoints})`.as('net'))
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}
