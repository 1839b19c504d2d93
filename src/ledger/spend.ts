import { sql } from 'kysely';
import type { Db, LedgerTally } from '../store/database.js';
import { type DayRange, dayRange, daysBetween } from './day.js';
import type { OperationSpend, SpendReport, UserSpend } from './types.js';

/** Points and entries for one (local day, operation, user, kind), summed over a period. */
export interface SpendCell {
  day: string;
  operation: string;
  userId: string | null;
  /** `unknown`: paid calls that may have been charged, amount unknown (0 points, still calls). */
  kind: LedgerTally;
  points: number;
  /** Entries summed: for charges, gateway calls. */
  entries: number;
}

export interface SpendQuery {
  workspaceId: string;
  from: Date;
  to: Date;
  timeZone: string;
}

/** What an entry counts as (see ledger_entries.tally); entries older than 0004 have their kind. */
export const TALLY = sql<LedgerTally>`coalesce(tally, kind)`;

type Piece =
  | { from: number; to: number; sign: 1 | -1; day: string; source: 'entries' }
  | { day: string; source: 'aggregates' };

/**
 * How [from, to) is read: whole local days from the aggregates; a day cut by `from` or `to` either
 * from its entries in the cut (when that is at most half the day) or as the day's aggregate minus
 * the entries outside the cut. "Until now" cuts off an empty rest of the day, which costs one index
 * probe, so `/spend` and the Home tab read no entries at all in the common case.
 */
function plan(q: SpendQuery): Piece[] {
  const from = q.from.getTime();
  const to = q.to.getTime();
  return daysBetween(q.from, q.to, q.timeZone).flatMap((d: DayRange): Piece[] => {
    const start = d.start.getTime();
    const end = d.end.getTime();
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (a === start && b === end) return [{ day: d.key, source: 'aggregates' }];
    if ((b - a) * 2 <= end - start) {
      return [{ from: a, to: b, sign: 1, day: d.key, source: 'entries' }];
    }
    const pieces: Piece[] = [{ day: d.key, source: 'aggregates' }];
    if (start < a) pieces.push({ from: start, to: a, sign: -1, day: d.key, source: 'entries' });
    if (b < end) pieces.push({ from: b, to: end, sign: -1, day: d.key, source: 'entries' });
    return pieces;
  });
}

/** Every (day, operation, user, kind) sum of the workspace's entries in [from, to). */
export async function spendCells(db: Db, q: SpendQuery): Promise<SpendCell[]> {
  const pieces = plan(q);
  const aggregateDays = new Set(pieces.flatMap((p) => (p.source === 'aggregates' ? [p.day] : [])));
  const cells = new Map<string, SpendCell>();
  const add = (c: SpendCell, sign: number) => {
    const key = `${c.day}\u0000${c.operation}\u0000${c.userId ?? ''}\u0000${c.kind}`;
    const cell = cells.get(key) ?? { ...c, points: 0, entries: 0 };
    cell.points += sign * c.points;
    cell.entries += sign * c.entries;
    cells.set(key, cell);
  };
  const reads: Promise<void>[] = [];
  if (aggregateDays.size > 0) {
    const keys = [...aggregateDays].sort();
    reads.push(
      db
        .selectFrom('ledger_daily')
        .select(['day', 'operation', 'user_id', 'kind', 'points', 'calls'])
        .where('workspace_id', '=', q.workspaceId)
        .where('day', '>=', keys[0] ?? '')
        .where('day', '<=', keys[keys.length - 1] ?? '')
        .execute()
        .then((rows) => {
          for (const r of rows) {
            if (!aggregateDays.has(r.day)) continue;
            add(
              {
                day: r.day,
                operation: r.operation,
                userId: r.user_id === '' ? null : r.user_id,
                kind: r.kind,
                points: Number(r.points),
                entries: Number(r.calls),
              },
              1,
            );
          }
        }),
    );
  }
  for (const p of pieces) {
    if (p.source !== 'entries') continue;
    reads.push(
      db
        .selectFrom('ledger_entries')
        .select(['operation', 'user_id', TALLY.as('kind')])
        .select((eb) => [
          eb.fn.sum<number>('points').as('points'),
          eb.fn.countAll<number>().as('entries'),
        ])
        .where('workspace_id', '=', q.workspaceId)
        .where('created_at', '>=', p.from)
        .where('created_at', '<', p.to)
        .groupBy(['operation', 'user_id', TALLY])
        .execute()
        .then((rows) => {
          for (const r of rows) {
            add(
              {
                day: p.day,
                operation: r.operation,
                userId: r.user_id,
                kind: r.kind,
                points: Number(r.points ?? 0),
                entries: Number(r.entries),
              },
              p.sign,
            );
          }
        }),
    );
  }
  await Promise.all(reads);
  return [...cells.values()].filter((c) => c.entries !== 0);
}

const byNetThenName =
  <T extends { net: number }>(name: (x: T) => string) =>
  (a: T, b: T) =>
    b.net - a.net || name(a).localeCompare(name(b));

/** The report a set of cells adds up to; `byDay` lists every day of [from, to), zeros included. */
export function reportFromCells(q: SpendQuery, cells: SpendCell[]): SpendReport {
  const ops = new Map<string, OperationSpend>();
  const users = new Map<string | null, UserSpend>();
  const days = new Map<string, number>();
  for (const c of cells) {
    // A call that may have been charged is a call; its held points are not a confirmed charge
    // (maybeCharged counts them apart; the budget holds them, see spentOnDay).
    const unknown = c.kind === 'unknown';
    const charge = c.kind !== 'refund';
    const op = ops.get(c.operation) ?? {
      operation: c.operation,
      charged: 0,
      refunded: 0,
      net: 0,
      calls: 0,
    };
    const user = users.get(c.userId) ?? { userId: c.userId, net: 0, calls: 0 };
    const signed = unknown ? 0 : charge ? c.points : -c.points;
    if (charge) {
      op.charged += unknown ? 0 : c.points;
      op.calls += c.entries;
      user.calls += c.entries;
    } else {
      op.refunded += c.points;
    }
    op.net = op.charged - op.refunded;
    user.net += signed;
    ops.set(c.operation, op);
    users.set(c.userId, user);
    days.set(c.day, (days.get(c.day) ?? 0) + signed);
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
    byDay: daysBetween(q.from, q.to, q.timeZone).map((d) => ({
      day: d.key,
      net: days.get(d.key) ?? 0,
    })),
  };
}

/** Points spent by one workspace in [from, to), read from the aggregates kept in `timeZone`. */
export async function spendReport(db: Db, q: SpendQuery): Promise<SpendReport> {
  return reportFromCells(q, await spendCells(db, q));
}

/**
 * Net points (charges minus refunds) on the local day containing `day`: one day's aggregate rows.
 * Unconfirmed charges count at the points they hold, so the budget holds them until settled.
 */
export async function spentOnDay(
  db: Db,
  q: { workspaceId: string; day: Date; timeZone: string },
): Promise<number> {
  const row = await db
    .selectFrom('ledger_daily')
    .select((eb) =>
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('kind', '=', 'refund')
            .then(eb.neg(eb.ref('points')))
            .else(eb.ref('points'))
            .end(),
        )
        .as('net'),
    )
    .where('workspace_id', '=', q.workspaceId)
    .where('day', '=', dayRange(q.day, q.timeZone).key)
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}
