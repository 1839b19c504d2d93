import type { Db } from '../store/database.js';
import { dayRange } from './day.js';
import type { BudgetDecision } from './types.js';

/** Today's net spend in a zone; the ledger picks the aggregates or the entries. */
export type SpentOnDay = (
  db: Db,
  q: { workspaceId: string; day: Date; timeZone: string },
) => Promise<number>;

export interface BudgetQuery {
  workspaceId: string;
  /** Operation 6 is free after activation: an unpaid operation is never refused. */
  operationPaid: boolean;
  /** Daily budget in points; undefined means unlimited. */
  budget?: number;
  timeZone: string;
  now: Date;
}

/** Refuses a paid call once today's net spend has reached the budget. */
export async function checkBudget(
  db: Db,
  q: BudgetQuery,
  spentOnDay: SpentOnDay,
): Promise<BudgetDecision> {
  if (!q.operationPaid || q.budget === undefined) return { allowed: true };
  const spent = await spentOnDay(db, {
    workspaceId: q.workspaceId,
    day: q.now,
    timeZone: q.timeZone,
  });
  if (spent < q.budget) return { allowed: true };
  return {
    allowed: false,
    budget: q.budget,
    spent,
    resetsAt: dayRange(q.now, q.timeZone).end,
  };
}

export interface WarningQuery {
  workspaceId: string;
  budget?: number;
  timeZone: string;
  now: Date;
}

/**
 * True exactly once per local day: for the first caller that sees today's spend at ≥ 80 % of the
 * budget. The day is claimed with a conditional update, so two replicas never both warn.
 */
export async function crossedWarning(
  db: Db,
  q: WarningQuery,
  spentOnDay: SpentOnDay,
): Promise<boolean> {
  if (q.budget === undefined) return false;
  const day = dayRange(q.now, q.timeZone).key;
  // Already warned today (the common case once past 80 %): one indexed read, no writes.
  const warned = await db
    .selectFrom('workspace_settings')
    .select('budget_warned_day')
    .where('workspace_id', '=', q.workspaceId)
    .executeTakeFirst();
  if (warned?.budget_warned_day === day) return false;
  const spent = await spentOnDay(db, {
    workspaceId: q.workspaceId,
    day: q.now,
    timeZone: q.timeZone,
  });
  // spent / budget ≥ 0.8, in integers.
  if (spent * 5 < q.budget * 4) return false;
  const at = q.now.getTime();
  await db
    .insertInto('workspace_settings')
    .values({ workspace_id: q.workspaceId, updated_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const result = await db
    .updateTable('workspace_settings')
    .set({ budget_warned_day: day, updated_at: at })
    .where('workspace_id', '=', q.workspaceId)
    .where((eb) => eb.or([eb('budget_warned_day', 'is', null), eb('budget_warned_day', '<>', day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
