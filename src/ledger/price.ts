import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/database.js';

/** How far back the largest price seen still counts for what a paid call is expected to cost. */
export const PRICE_WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

/**
 * What the next paid call of `operation` is expected to cost this workspace: the larger of its
 * last price and the largest price seen in the last PRICE_WINDOW_DAYS days (one answer that
 * charged 0 must not make every later hold 0). Several names (one gateway operation booked under
 * more than one ledger name): the largest of theirs. Undefined when it was never charged.
 */
export async function expectedPrice(
  db: Kysely<Database>,
  q: { workspaceId: string; operation: string | readonly string[]; now: Date },
): Promise<number | undefined> {
  const names = typeof q.operation === 'string' ? [q.operation] : [...q.operation];
  const [last, peak] = await Promise.all([
    db
      .selectFrom('ledger_prices')
      .select((eb) => eb.fn.max<number>('points').as('points'))
      .where('workspace_id', '=', q.workspaceId)
      .where('operation', 'in', names)
      .executeTakeFirst(),
    db
      .selectFrom('ledger_price_peaks')
      .select((eb) => eb.fn.max<number>('points').as('points'))
      .where('workspace_id', '=', q.workspaceId)
      .where('operation', 'in', names)
      .where('day', '>', dayOf(q.now) - PRICE_WINDOW_DAYS)
      .executeTakeFirst(),
  ]);
  const prices = [last?.points, peak?.points].filter((p) => p !== undefined && p !== null);
  return prices.length === 0 ? undefined : Math.max(...prices.map(Number));
}

/** What this process last noted, per store and (workspace, operation): its day, price and peak. */
interface Noted {
  day: number;
  points: number;
  peak: number;
}
const notedByStore = new WeakMap<Kysely<Database>, Map<string, Noted>>();
/** Past this many (workspace, operation) pairs the memory starts again (it only saves writes). */
const NOTED_MAX = 50_000;

/**
 * Notes what an answer charged: the operation's last price and, if larger, its day's peak.
 * Three writes, skipped when this process already noted the same price for the same workspace and
 * operation today and it is within the day's peak it wrote: the peak (which another replica may
 * only raise) already bounds what `expectedPrice` answers, so nothing it reads would change. At
 * most one write a day per replica is left for an unchanged price, instead of three per charge.
 */
export async function notePrice(
  db: Kysely<Database>,
  q: { workspaceId: string; operation: string; points: number; at: Date },
): Promise<void> {
  const at = q.at.getTime();
  const day = dayOf(q.at);
  let memo = notedByStore.get(db);
  if (!memo) {
    memo = new Map();
    notedByStore.set(db, memo);
  }
  const id = `${q.workspaceId}\u0000${q.operation}`;
  const before = memo.get(id);
  if (before && before.day === day && before.points === q.points && q.points <= before.peak) {
    return;
  }
  await db
    .insertInto('ledger_prices')
    .values({
      workspace_id: q.workspaceId,
      operation: q.operation,
      points: q.points,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'operation']).doUpdateSet({ points: q.points, updated_at: at }),
    )
    .execute();
  await db
    .insertInto('ledger_price_peaks')
    .values({ workspace_id: q.workspaceId, operation: q.operation, day, points: q.points })
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'operation', 'day']).doUpdateSet({
        points: sql<number>`case when excluded.points > ledger_price_peaks.points then excluded.points else ledger_price_peaks.points end`,
      }),
    )
    .execute();
  // Days out of the window are no longer read; the primary key makes this a short range delete.
  await db
    .deleteFrom('ledger_price_peaks')
    .where('workspace_id', '=', q.workspaceId)
    .where('operation', '=', q.operation)
    .where('day', '<=', day - PRICE_WINDOW_DAYS)
    .execute();
  if (memo.size >= NOTED_MAX) memo.clear();
  const peak = before?.day === day ? Math.max(before.peak, q.points) : q.points;
  memo.set(id, { day, points: q.points, peak });
}
