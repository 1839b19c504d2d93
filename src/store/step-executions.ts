import type { Db } from './database.js';

/** One Workflow Builder step execution (migration 0009): claimed once, completed once. */
export interface StepExecutionsTable {
  execution_id: string;
  workspace_id: string;
  callback_id: string;
  /** `success`, `error`, or `pending` while a QR step waits for its scan. */
  outcome: string | null;
  claimed_at: number;
  completed_at: number | null;
}

function stepDb(db: Db) {
  return db.withTables<{ step_executions: StepExecutionsTable }>();
}

/**
 * True for the first claim of an execution id, false for every later delivery of it, on any
 * replica: the insert's primary key decides, and a claim never expires.
 */
export async function claimStepExecution(
  db: Db,
  claim: { executionId: string; workspaceId: string; callbackId: string; now: number },
): Promise<boolean> {
  const result = await stepDb(db)
    .insertInto('step_executions')
    .values({
      execution_id: claim.executionId,
      workspace_id: claim.workspaceId,
      callback_id: claim.callbackId,
      outcome: null,
      claimed_at: claim.now,
      completed_at: null,
    })
    .onConflict((oc) => oc.column('execution_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** What the execution came to, for operators reading the store. */
export async function recordStepOutcome(
  db: Db,
  executionId: string,
  outcome: 'success' | 'error' | 'pending',
  now: number,
): Promise<void> {
  await stepDb(db)
    .updateTable('step_executions')
    .set({ outcome, completed_at: outcome === 'pending' ? null : now })
    .where('execution_id', '=', executionId)
    .execute();
}
