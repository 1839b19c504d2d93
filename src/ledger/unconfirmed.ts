import { type Kysely, sql } from 'kysely';
import type { Database, Db, StoreDialect } from '../store/database.js';
import { writeTransaction } from './write-transaction.js';

/** An unconfirmed charge a later answer (or a reconciliation) settled. */
export interface SettledCharge {
  requestId: string;
  operation: string;
  /** What was held against the budget while the charge was unknown. */
  held: number;
  /** What it now counts as: the gateway's own figure. */
  points: number;
}

export type Target =
  | { workspaceId: string; operation: string; before: number }
  | { workspaceId: string; requestId: string };

/**
 * Settles unconfirmed charges (ledger entries with tally `unknown`: a paid call that left but got
 * no answer, held at its operation's expected price) at `points`: each becomes an ordinary charge
 * of that many points, its day's aggregates moved from `unknown` to `charge` in the same
 * transaction. The update only takes an entry still unconfirmed, so two replicas settling at once
 * count it once.
 * - by operation: the gateway's next answer for that operation says what it costs now; every
 *   unconfirmed call of that operation made before that answer is settled at it;
 * - by request id: a reconciliation with the gateway's statement says what one call cost (0 when
 *   it was never served).
 */
export async function settleUnconfirmed(
  db: Db,
  dialect: StoreDialect,
  target: Target,
  points: number,
): Promise<SettledCharge[]> {
  if (!Number.isSafeInteger(points) || points < 0) {
    throw new RangeError(`a settled charge must be a whole number ≥ 0, got ${points}`);
  }
  const ids = (await unconfirmedIds(db, target).execute()).map((r) => r.id);
  const settled: SettledCharge[] = [];
  for (const id of ids) {
    const one = await writeTransaction(db, dialect, (trx) => settleOne(trx, id, points));
    if (one) settled.push(one);
  }
  return settled;
}

/**
 * The entries a settlement takes. The tally is written as a literal, so the planner may use the
 * partial index of unconfirmed entries (migration 0021) whatever the driver binds.
 */
export function unconfirmedIds(db: Db, target: Target) {
  const q = db
    .selectFrom('ledger_entries')
    .select(['id'])
    .where('workspace_id', '=', target.workspaceId)
    .where('tally', '=', sql.lit('unknown'));
  return 'requestId' in target
    ? q.where('request_id', '=', target.requestId)
    : q.where('operation', '=', target.operation).where('created_at', '<', target.before);
}

async function settleOne(
  trx: Kysely<Database>,
  id: number,
  points: number,
): Promise<SettledCharge | undefined> {
  const row = await trx
    .selectFrom('ledger_entries')
    .select(['workspace_id', 'operation', 'user_id', 'day', 'points', 'request_id'])
    .where('id', '=', id)
    .where('tally', '=', 'unknown')
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await trx
    .updateTable('ledger_entries')
    .set({ tally: 'charge', points })
    .where('id', '=', id)
    .where('tally', '=', 'unknown')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) return undefined;
  const held = Number(row.points);
  if (row.day !== null) {
    const cell = {
      workspace_id: row.workspace_id,
      day: row.day,
      operation: row.operation,
      user_id: row.user_id ?? '',
    };
    await trx
      .updateTable('ledger_daily')
      .set({ points: sql`points - ${held}`, calls: sql`calls - 1` })
      .where('workspace_id', '=', cell.workspace_id)
      .where('day', '=', cell.day)
      .where('operation', '=', cell.operation)
      .where('user_id', '=', cell.user_id)
      .where('kind', '=', 'unknown')
      .execute();
    await trx
      .insertInto('ledger_daily')
      .values({ ...cell, kind: 'charge', points, calls: 1 })
      .onConflict((oc) =>
        oc.columns(['workspace_id', 'day', 'operation', 'user_id', 'kind']).doUpdateSet({
          points: sql`ledger_daily.points + ${points}`,
          calls: sql`ledger_daily.calls + 1`,
        }),
      )
      .execute();
  }
  return { requestId: row.request_id, operation: row.operation, held, points };
}
