import { afterEach, describe, expect, it } from 'vitest';
import {
  claimStepExecution,
  lapsedStepExecutions,
  recordStepOutcome,
  renewStepClaim,
  STEP_CLAIM_MS,
} from '../../src/store/step-executions.js';
import { DIALECTS, freshStore } from '../fakes/databases.js';

// A step execution's claim in the store, on SQLite and PostgreSQL, seen from two replicas: a
// redelivery is dropped while the claim holds, runs once the claiming replica has died (its
// claim lapsed unrenewed), and never once the execution has an outcome.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  cleanups.length = 0;
});

const claim = (executionId: string, now: number) => ({
  executionId,
  workspaceId: 'T0STEPS',
  callbackId: 'lookup_payment_order',
  now,
  token: 'xwfp-sealed-elsewhere',
});

describe.each(DIALECTS)('step execution claims (%s)', (dialect) => {
  it('drop a redelivery while the claim holds and run it once the claim lapsed', async () => {
    const { store, database, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const other = await database.open();
    const t0 = 1_800_000_000_000;

    const first = await claimStepExecution(store.db, claim('Fx1', t0));
    const early = await claimStepExecution(other.db, claim('Fx1', t0 + STEP_CLAIM_MS - 1));
    // The claiming replica renews while it works; then it dies and renews no more.
    await renewStepClaim(store.db, 'Fx1', t0 + 20_000);
    const renewed = await claimStepExecution(other.db, claim('Fx1', t0 + STEP_CLAIM_MS + 1));
    const lapsed = await lapsedStepExecutions(other.db, t0 + 20_000 + STEP_CLAIM_MS, 10);
    const late = await Promise.all([
      claimStepExecution(other.db, claim('Fx1', t0 + 20_000 + STEP_CLAIM_MS)),
      claimStepExecution(store.db, claim('Fx1', t0 + 20_000 + STEP_CLAIM_MS)),
    ]);

    expect([first, early, renewed]).toEqual([true, false, false]);
    expect(lapsed.map((r) => r.execution_id)).toEqual(['Fx1']);
    expect(late.filter(Boolean)).toHaveLength(1);
  });

  it('never runs an execution again once it has an outcome', async () => {
    const { store, dispose } = await freshStore(dialect);
    cleanups.push(dispose);
    const t0 = 1_800_000_000_000;
    await claimStepExecution(store.db, claim('Fx2', t0));
    await recordStepOutcome(store.db, 'Fx2', 'success', t0 + 10);

    const again = await claimStepExecution(store.db, claim('Fx2', t0 + 10 * STEP_CLAIM_MS));
    const lapsed = await lapsedStepExecutions(store.db, t0 + 10 * STEP_CLAIM_MS, 10);
    const kept = await store.db
      .withTables<{ step_executions: { execution_id: string; token: string | null } }>()
      .selectFrom('step_executions')
      .select('token')
      .executeTakeFirstOrThrow();

    expect(again).toBe(false);
    expect(lapsed).toEqual([]);
    // The token is dropped once the step is completed.
    expect(kept.token).toBeNull();
  });
});
