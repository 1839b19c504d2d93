import type { Db } from './database.js';

export interface WorkspaceSettings {
  workspaceId: string;
  /** null: no workspace-specific budget (the DAILY_BUDGET_POINTS default applies). */
  dailyBudgetPoints: number | null;
  summaryChannel: string | null;
  budgetWarnedDay: string | null;
  updatedAt: Date;
}

export async function getWorkspaceSettings(
  db: Db,
  workspaceId: string,
): Promise<WorkspaceSettings | undefined> {
  const row = await db
    .selectFrom('workspace_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    workspaceId: row.workspace_id,
    dailyBudgetPoints: row.daily_budget_points,
    summaryChannel: row.summary_channel,
    budgetWarnedDay: row.budget_warned_day,
    updatedAt: new Date(Number(row.updated_at)),
  };
}

export interface WorkspaceSettingsChange {
  workspaceId: string;
  /** undefined leaves the stored value alone; null clears it. */
  dailyBudgetPoints?: number | null;
  summaryChannel?: string | null;
  now: Date;
}

/** Creates or updates one workspace's settings, touching only the fields given. */
export async function saveWorkspaceSettings(
  db: Db,
  change: WorkspaceSettingsChange,
): Promise<void> {
  const { dailyBudgetPoints, summaryChannel } = change;
  if (
    dailyBudgetPoints !== undefined &&
    dailyBudgetPoints !== null &&
    !(Number.isSafeInteger(dailyBudgetPoints) && dailyBudgetPoints >= 0)
  ) {
    throw new RangeError('daily budget must be a whole number of points, 0 or more');
  }
  const updatedAt = change.now.getTime();
  await db
    .insertInto('workspace_settings')
    .values({
      workspace_id: change.workspaceId,
      daily_budget_points: dailyBudgetPoints ?? null,
      summary_channel: summaryChannel ?? null,
      updated_at: updatedAt,
    })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({
        updated_at: updatedAt,
        ...(dailyBudgetPoints !== undefined ? { daily_budget_points: dailyBudgetPoints } : {}),
        ...(summaryChannel !== undefined ? { summary_channel: summaryChannel } : {}),
      }),
    )
    .execute();
}
