import { type SqlBool, sql } from 'kysely';
import type { SealedAt } from '../secrets/cipher.js';
import type { Db } from './database.js';

/** One Workflow Builder step execution (migrations 0009, 0018): claimed once, completed once. */
export interface StepExecutionsTable {
  execution_id: string;
  workspace_id: string;
  callback_id: string;
  /** `success`, `error`, or `pending` while a QR step waits for its scan. */
  outcome: string | null;
  claimed_at: number;
  completed_at: number | null;
  /** Until when the claim holds unless renewed (null: a row from before 0018). */
  claim_until: number | null;
  /** The execution's token (sealed when ENCRYPTION_KEY is set) until it is completed. */
  token: string | null;
}

/**
 * How long a claim holds unless its replica renews it (every third of it while the step runs):
 * a replica killed mid-step leaves the execution to another after this.
 */
export const STEP_CLAIM_MS = 30_000;

/** Where an execution's token is kept while the step runs: its own row (bound when sealed). */
export function executionTokenAt(executionId: string): SealedAt {
  return { table: 'step_executions', column: 'token', rowId: executionId };
}

function stepDb(db: Db) {
  return db.withTables<{ step_executions: StepExecutionsTable }>();
}

/** No outcome, and its claim lapsed (a row from before 0018 counts from its claim). */
const lapsed = (now: number, claimMs: number) =>
  sql<SqlBool>`outcome is null and coalesce(claim_until, claimed_at + ${claimMs}) <= ${now}`;

export interface StepClaim {
  executionId: string;
  workspaceId: string;
  callbackId: string;
  now: number;
  /** The execution's token as it is to be stored (sealed by the caller). */
  token: string;
  claimMs?: number;
}

/**
 * True for the first claim of an execution id, and for a later delivery of one whose claim lapsed
 * with no outcome (its replica died mid-step): one of them wins, on any replica. False for every
 * delivery while the claim holds or once the execution has an outcome.
 */
export async function claimStepExecution(db: Db, claim: StepClaim): Promise<boolean> {
  const claimMs = claim.claimMs ?? STEP_CLAIM_MS;
  const result = await stepDb(db)
    .insertInto('step_executions')
    .values({
      execution_id: claim.executionId,
      workspace_id: claim.workspaceId,
      callback_id: claim.callbackId,
      outcome: null,
      claimed_at: claim.now,
      completed_at: null,
      claim_until: claim.now + claimMs,
      token: claim.token,
    })
    .onConflict((oc) => oc.column('execution_id').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  return takeOverStepExecution(db, claim.executionId, claim.now, claimMs, claim.token);
}

/** Claims an execution whose claim lapsed with no outcome; false when another did first. */
export async function takeOverStepExecution(
  db: Db,
  executionId: string,
  now: number,
  claimMs = STEP_CLAIM_MS,
  token?: string,
): Promise<boolean> {
  const result = await stepDb(db)
    .updateTable('step_executions')
    .set({ claimed_at: now, claim_until: now + claimMs, ...(token ? { token } : {}) })
    .where('execution_id', '=', executionId)
    .where(lapsed(now, claimMs))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the claim while the step runs. */
export async function renewStepClaim(
  db: Db,
  executionId: string,
  now: number,
  claimMs = STEP_CLAIM_MS,
): Promise<void> {
  await stepDb(db)
    .updateTable('step_executions')
    .set({ claim_until: now + claimMs })
    .where('execution_id', '=', executionId)
    .where('outcome', 'is', null)
    .execute();
}

/** Executions whose replica died mid-step (claim lapsed, no outcome), with their token. */
export function lapsedStepExecutions(
  db: Db,
  now: number,
  limit: number,
  claimMs = STEP_CLAIM_MS,
): Promise<{ execution_id: string; workspace_id: string; token: string | null }[]> {
  return stepDb(db)
    .selectFrom('step_executions')
    .select(['execution_id', 'workspace_id', 'token'])
    .where(lapsed(now, claimMs))
    .where('token', 'is not', null)
    .orderBy('claimed_at')
    .limit(limit)
    .execute();
}

/** What the execution came to; its token is no longer needed (a QR step keeps its own copy). */
export async function recordStepOutcome(
  db: Db,
  executionId: string,
  outcome: 'success' | 'error' | 'pending',
  now: number,
): Promise<void> {
  await stepDb(db)
    .updateTable('step_executions')
    .set({ outcome, completed_at: outcome === 'pending' ? null : now, token: null })
    .where('execution_id', '=', executionId)
    .execute();
}

/** A step execution's record is kept this long after its claim: Slack delivers a run again within minutes. */
export const STEP_RECORD_KEPT_MS = 7 * 86_400_000;

/** Deletes the records of step executions claimed before `before`; how many. */
export async function pruneStepExecutions(db: Db, before: number): Promise<number> {
  const result = await stepDb(db)
    .deleteFrom('step_executions')
    .where('claimed_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
