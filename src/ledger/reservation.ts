import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Db, StoreDialect } from '../store/database.js';
import { dayRange } from './day.js';
import { expectedPrice } from './price.js';
import type { BudgetDecision } from './types.js';
import { writeTransaction } from './write-transaction.js';

export interface ReserveQuery {
  workspaceId: string;
  operation: string;
  /**
   * Every ledger name this call's gateway operation is booked under (`operation` when absent):
   * its expected price is the operation's, whichever name last paid for it.
   */
  priceNames?: readonly string[];
  /** Operation 6 is free after activation: an unpaid operation is never refused nor held. */
  operationPaid: boolean;
  /** Daily budget in points; undefined means unlimited. */
  budget?: number;
  timeZone: string;
  now: Date;
}

/** What the caller does after the paid call: settle with what it charged, or release unused. */
export interface BudgetHold {
  /**
   * `charged`: the points of the answer's charge (undefined when the call failed). The hold is
   * released either way: the charge itself (or an unconfirmed one, holding its price) is in the
   * ledger by then, and the ledger notes the operation's price as it records the charge.
   */
  settle(charged?: number): Promise<void>;
}

export type Reservation =
  | { allowed: true; hold: BudgetHold }
  | Exclude<BudgetDecision, { allowed: true }>;

export interface ReserveOptions {
  /** Today's net spend, exact (the day's aggregate rows). */
  spentToday: (db: Db, q: { workspaceId: string; day: Date; timeZone: string }) => Promise<number>;
  clock: () => Date;
  dialect: StoreDialect;
  /** How long a hold counts if its call never settles (its replica died). Default `HOLD_MS`. */
  holdMs?: number;
  /** How long a call waits for holds of calls in flight to settle before it is refused. */
  waitMs?: number;
}

/**
 * A hold outlives the longest its call can take: each of its (at most 3) attempts may queue up to
 * 5 minutes for the gateway's rate (the limiter refuses longer waits), then run to its timeouts.
 * A shorter hold would lapse while its call still waits, and the budget could then be passed by
 * more than the calls in flight. Only a hold whose replica died ever runs this long.
 */
export const HOLD_MS = 20 * 60_000;

const NO_HOLD: BudgetHold = { settle: async () => {} };

type Attempt =
  | { outcome: 'held'; id: string }
  | { outcome: 'busy' }
  | { outcome: 'reached'; spent: number };

/**
 * One decision, in one transaction holding the workspace's lock row (a row lock on PostgreSQL, the
 * write lock on SQLite), so replicas decide one after the other. Allowed when today's net spend is
 * under the budget and, if other paid calls are in flight, when this call's expected price fits
 * beside theirs. The expected price is the larger of the operation's last charge in this workspace
 * and the largest seen in the last days (expectedPrice); unknown, it is the whole rest of the
 * budget, so a first call of an unknown price runs alone.
 */
async function attempt(
  db: Db,
  q: ReserveQuery & { budget: number },
  o: ReserveOptions,
): Promise<Attempt> {
  const now = o.clock().getTime();
  return writeTransaction(db, o.dialect, async (trx) => {
    await trx
      .insertInto('budget_locks')
      .values({ workspace_id: q.workspaceId, taken_at: now })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ taken_at: now }))
      .execute();
    await trx
      .deleteFrom('budget_reservations')
      .where('workspace_id', '=', q.workspaceId)
      .where('expires_at', '<=', now)
      .execute();
    const spent = await o.spentToday(trx, {
      workspaceId: q.workspaceId,
      day: q.now,
      timeZone: q.timeZone,
    });
    if (spent >= q.budget) return { outcome: 'reached', spent };
    const [held, price] = await Promise.all([
      trx
        .selectFrom('budget_reservations')
        .select((eb) => eb.fn.sum<number>('points').as('points'))
        .where('workspace_id', '=', q.workspaceId)
        .where('expires_at', '>', now)
        .executeTakeFirst(),
      expectedPrice(trx, {
        workspaceId: q.workspaceId,
        operation: q.priceNames ?? q.operation,
        now: q.now,
      }),
    ]);
    const heldPoints = Number(held?.points ?? 0);
    const expected = price ?? q.budget - spent;
    if (heldPoints > 0 && spent + heldPoints + expected > q.budget) return { outcome: 'busy' };
    const id = randomUUID();
    await trx
      .insertInto('budget_reservations')
      .values({
        id,
        workspace_id: q.workspaceId,
        operation: q.operation,
        points: expected,
        expires_at: now + (o.holdMs ?? HOLD_MS),
      })
      .execute();
    return { outcome: 'held', id };
  });
}

/**
 * Reserves room in today's budget before a paid call. A call blocked only by others in flight
 * waits (polling) for them to settle, up to `waitMs`; one past the budget is refused at once. So
 * the budget is overshot by no more than the calls already in flight when it was reached.
 */
export async function reserveBudget(
  db: Db,
  q: ReserveQuery,
  o: ReserveOptions,
): Promise<Reservation> {
  if (!q.operationPaid || q.budget === undefined) return { allowed: true, hold: NO_HOLD };
  const budget = q.budget;
  const deadline = performance.now() + (o.waitMs ?? 15_000);
  for (;;) {
    const a = await attempt(db, { ...q, budget }, o);
    if (a.outcome === 'held') return { allowed: true, hold: holdFor(db, a.id) };
    if (a.outcome === 'reached' || performance.now() > deadline) {
      const spent =
        a.outcome === 'reached'
          ? a.spent
          : await o.spentToday(db, {
              workspaceId: q.workspaceId,
              day: q.now,
              timeZone: q.timeZone,
            });
      return { allowed: false, budget, spent, resetsAt: dayRange(q.now, q.timeZone).end };
    }
    await delay(50 + Math.floor(Math.random() * 100));
  }
}

function holdFor(db: Db, id: string): BudgetHold {
  let settled = false;
  return {
    async settle() {
      if (settled) return;
      settled = true;
      await db.deleteFrom('budget_reservations').where('id', '=', id).execute();
    },
  };
}
