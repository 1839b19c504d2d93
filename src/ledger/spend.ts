import { sql } from 'kysely';
import type { Db } from '../store/database.js';
import { dayRange, daysBetween } from './day.js';
import type { OperationSpend, SpendReport, UserSpend } from './types.js';

/** Charges count up, refunds count down. */
const signedPoints = sql<number>`case when kind = 'charge' then points else -points end`;

function inRange(db: Db, workspaceId: string, from: Date, to: Date) {
  return db
    .selectFrom('ledger_entries')
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', from.getTime())
    .where('created_at', '<', to.getTime());
}

const byNetThenName =
  <T extends { net: number }>(name: (x: T) => string) =>
  (a: T, b: T) =>
    b.net - a.net || name(a).localeCompare(name(b));

/** Points spent by one workspace in [from, to), with days counted in `timeZone`. */
export async function spendReport(
  db: Db,
  q: { workspaceId: string; from: Date; to: Date; timeZone: string },
): Promise<SpendReport> {
  const groups = await inRange(db, q.workspaceId, q.from, q.to)
    .select(['operation', 'user_id', 'kind'])
    .select((eb) => [
      eb.fn.sum<number>('points').as('points'),
      eb.fn.countAll<number>().as('entries'),
    ])
    .groupBy(['operation', 'user_id', 'kind'])
    .execute();

  const ops = new Map<string, OperationSpend>();
  const users = new Map<string | null, UserSpend>();
  for (const g of groups) {
    const points = Number(g.points ?? 0);
    const entries = Number(g.entries);
    const charge = g.kind === 'charge';
    const op = ops.get(g.operation) ?? {
      operation: g.operation,
      charged: 0,
      refunded: 0,
      net: 0,
      calls: 0,
    };
    const user = users.get(g.user_id) ?? { userId: g.user_id, net: 0, calls: 0 };
    if (charge) {
      op.charged += points;
      op.calls += entries;
      user.calls += entries;
    } else {
      op.refunded += points;
    }
    op.net = op.charged - op.refunded;
    user.net += charge ? points : -points;
    ops.set(g.operation, op);
    users.set(g.user_id, user);
  }
  const byOperation = [...ops.values()].sort(byNetThenName((o) => o.operation));
  const byUser = [...users.values()].sort(byNetThenName((u) => u.userId ?? ''));
  const charged = byOperation.reduce((s, o) => s + o.charged, 0);
  const refunded = byOperation.reduce((s, o) => s + o.refunded, 0);
  return {
    from: q.from,
    to: q.to,
    timeZone: q.timeZone,
    charged,
    refunded,
    net: charged - refunded,
    calls: byOperation.reduce((s, o) => s + o.calls, 0),
    byOperation,
    byUser,
    byDay: await netByDay(db, q),
  };
}

/** Net per local day, summed in SQL by bucketing `created_at` against the day boundaries. */
async function netByDay(
  db: Db,
  q: { workspaceId: string; from: Date; to: Date; timeZone: string },
): Promise<{ day: string; net: number }[]> {
  const days = daysBetween(q.from, q.to, q.timeZone);
  if (days.length === 0) return [];
  // Boundaries are integers computed here, so inlining them as literals is safe.
  const whens = days.map(
    (d, i) => sql`when created_at < ${sql.lit(d.end.getTime())} then ${sql.lit(i)}`,
  );
  const bucket = sql<number>`case ${sql.join(whens, sql` `)} end`;
  const rows = await inRange(db, q.workspaceId, q.from, q.to)
    .select([bucket.as('day_index'), sql<number>`sum(${signedPoints})`.as('net')])
    .groupBy(sql`day_index`)
    .execute();
  const net = new Map(rows.map((r) => [Number(r.day_index), Number(r.net ?? 0)]));
  return days.map((d, i) => ({ day: d.key, net: net.get(i) ?? 0 }));
}

/** Net points (charges minus refunds) on the local day containing `day`. */
export async function spentOnDay(
  db: Db,
  q: { workspaceId: string; day: Date; timeZone: string },
): Promise<number> {
  const { start, end } = dayRange(q.day, q.timeZone);
  const row = await inRange(db, q.workspaceId, start, end)
    .select(sql<number | null>`sum(${signedPoints})`.as('net'))
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}
