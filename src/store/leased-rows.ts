import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from './database.js';

/*
 * Leased rows: the one way a feature's table says "this worker, and no other, works on this row
 * now" (QR sessions, order watches, exports, channel subscriptions). A row is leased when its
 * `lease_owner` names a worker and its `lease_until` (epoch ms) has not passed.
 *
 * Contract for a table that uses it:
 * - columns `lease_owner text null` and `lease_until bigint null`, and a key of one or more text
 *   columns (`workspace_id`, `<thing>_id`) that picks one row;
 * - the feature's "due" query adds `leaseFree(now)` to its own condition, so it lists only rows
 *   nobody holds;
 * - a row listed as due may be worked and released by another worker before the claim, so either
 *   `claimable` repeats the due condition (order watches, subscriptions) or the work asks it of
 *   the claimed row (QR sessions' `hasWork`); a free lease alone would pay for a second check;
 * - every write a worker makes while working goes through `updateLeased` (or adds
 *   `heldBy(owner)` itself), so a worker that lost its lease writes nothing.
 *
 * Claims are one conditional UPDATE (free lease → ours) returning the rows won, so across
 * replicas, in SQLite and PostgreSQL alike, exactly one worker wins a row; `claimMany` claims a
 * loop's whole batch of due rows in that one statement, and `releaseMany` hands a batch back in
 * one more, so a background check costs no claim or release round trip of its own.
 * `renew` is the heartbeat's one statement: the leases of the rows the owner has in hand are
 * extended, and the keys it still holds come back, so the loop (leased-loop.ts) knows which work
 * lost its lease. Only the rows in hand: a lease whose hand-back failed (the store away for a
 * moment) names its owner still, and renewing every lease that names it would keep that row
 * from everyone, its owner's own loop too, for as long as the process lives; left alone, it
 * lapses within one lease and any worker claims it.
 */

/** The lease columns every leased table has. */
export interface LeaseColumns {
  lease_owner: string | null;
  lease_until: number | null;
}

/** A further condition for a claim, and what else the claim writes (e.g. a restarted grace). */
export interface ClaimWhen {
  where: Expression<SqlBool>;
  set?: Columns;
}

/** Column values to write; undefined ones are left alone (as Kysely's Updateable has them). */
export type Columns = Readonly<Record<string, string | number | null | undefined>>;

/** What a feature tells the helper about its table. */
export interface LeasedTableSpec<K, R extends LeaseColumns> {
  /** The table's name, e.g. `order_watches`. */
  table: string;
  /** The key's columns, in order; together they pick one row. */
  keyColumns: readonly string[];
  /** A key's values for `keyColumns`, in the same order. */
  keyValues(key: K): readonly string[];
  /** The row as stored now. */
  find(key: K): Promise<R | undefined>;
  /** Keys with work due at `now` whose lease is free (use `leaseFree`), oldest first. */
  due(now: number, limit: number): Promise<K[]>;
  /**
   * The alternatives under which a free row may be claimed, tried in order (default: any free
   * row). Exports claim a running one, or a starting one whose poster fell silent.
   */
  claimable?(now: number): readonly ClaimWhen[];
}

/** A leased table as the loop and the feature's own code use it. */
export interface LeasedTable<K, R extends LeaseColumns> {
  readonly spec: LeasedTableSpec<K, R>;
  /** A key as one string (its values joined), to know what is in hand. */
  id(key: K): string;
  /** The same id read off a row. */
  rowId(row: R): string;
  /** Takes the lease when nobody holds a live one; the row as it is now, or undefined. */
  claim(key: K, owner: string, now: number, leaseMs: number): Promise<R | undefined>;
  /** `claim` for many keys in one statement (per `claimable` alternative): the rows won. */
  claimMany(keys: readonly K[], owner: string, now: number, leaseMs: number): Promise<R[]>;
  /** Writes `patch` while `owner` holds the lease (and `where`, when given); false otherwise. */
  updateLeased(
    key: K,
    owner: string,
    patch: Columns,
    where?: Expression<SqlBool>,
  ): Promise<boolean>;
  /**
   * Extends to `until` the leases of `keys` that `owner` still holds; the ids (see `id`) of
   * those rows. No statement when `keys` is empty.
   */
  renew(keys: readonly K[], owner: string, until: number): Promise<Set<string>>;
  release(key: K, owner: string): Promise<boolean>;
  /** `release` for many keys in one statement. */
  releaseMany(keys: readonly K[], owner: string): Promise<void>;
  /** On shutdown: every lease `owner` still holds, so nobody need wait them out. */
  releaseAll(owner: string): Promise<void>;
}

/** No live lease on the row at `now`: a condition for any leased table's query. */
export function leaseFree(now: number): Expression<SqlBool> {
  return sql<SqlBool>`(lease_until is null or lease_until < ${now})`;
}

/** The row's lease is `owner`'s. */
export function heldBy(owner: string): Expression<SqlBool> {
  return sql<SqlBool>`lease_owner = ${owner}`;
}

/** The most keys one renewal statement names (a loop's rows in hand are fewer, as a rule). */
const RENEW_BATCH = 200;

const joinIds = (values: readonly unknown[]) => values.map(String).join('\u0000');

/** The helper over one table; see the contract at the top of this file. */
export function leasedTable<K, R extends LeaseColumns>(
  db: Db,
  spec: LeasedTableSpec<K, R>,
): LeasedTable<K, R> {
  const table = sql.table(spec.table);
  const rowId = (r: R) =>
    joinIds(spec.keyColumns.map((c) => (r as unknown as Record<string, unknown>)[c]));
  const keyIs = (key: K) => {
    const values = spec.keyValues(key);
    return sql.join(
      spec.keyColumns.map((c, i) => sql`${sql.ref(c)} = ${values[i]}`),
      sql` and `,
    );
  };
  const assignments = (set: Columns) =>
    sql.join(
      Object.entries(set)
        .filter(([, v]) => v !== undefined)
        .map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
    );
  // Any of `keys`: one key's columns and-ed, the keys or-ed (row values in IN lists differ
  // between SQLite and PostgreSQL; this reads the same in both and uses the primary key).
  const anyKey = (keys: readonly K[]) =>
    sql<SqlBool>`(${sql.join(
      keys.map((k) => sql`(${keyIs(k)})`),
      sql` or `,
    )})`;
  const changed = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0) === 1;
  const update = async (key: K, set: Columns, where: Expression<SqlBool>) =>
    changed(
      await sql`update ${table} set ${assignments(set)} where ${keyIs(key)} and ${where}`.execute(
        db,
      ),
    );

  async function claimMany(keys: readonly K[], owner: string, now: number, leaseMs: number) {
    const lease = { lease_owner: owner, lease_until: now + leaseMs };
    const alternatives = spec.claimable?.(now) ?? [{ where: sql<SqlBool>`1 = 1` }];
    const won: R[] = [];
    let left = keys;
    for (const when of alternatives) {
      if (left.length === 0) break;
      const { rows } = await sql<R>`update ${table} set ${assignments({ ...lease, ...when.set })}
        where ${anyKey(left)} and ${leaseFree(now)} and (${when.where}) returning *`.execute(db);
      won.push(...rows);
      const taken = new Set(rows.map((r) => rowId(r)));
      left = left.filter((k) => !taken.has(joinIds(spec.keyValues(k))));
    }
    return won;
  }

  return {
    spec,
    id: (key) => joinIds(spec.keyValues(key)),
    rowId,
    async claim(key, owner, now, leaseMs) {
      const [row] = await claimMany([key], owner, now, leaseMs);
      return row;
    },
    claimMany,
    updateLeased(key, owner, patch, where) {
      const held = heldBy(owner);
      return update(key, patch, where ? sql<SqlBool>`${held} and (${where})` : held);
    },
    async renew(keys, owner, until) {
      const held = new Set<string>();
      const columns = sql.join(spec.keyColumns.map((c) => sql.ref(c)));
      for (let i = 0; i < keys.length; i += RENEW_BATCH) {
        const { rows } = await sql<Record<string, unknown>>`update ${table}
          set lease_until = ${until}
          where ${anyKey(keys.slice(i, i + RENEW_BATCH))} and ${heldBy(owner)}
          returning ${columns}`.execute(db);
        for (const r of rows) held.add(joinIds(spec.keyColumns.map((c) => r[c])));
      }
      return held;
    },
    release(key, owner) {
      return update(key, { lease_owner: null, lease_until: null }, heldBy(owner));
    },
    async releaseMany(keys, owner) {
      if (keys.length === 0) return;
      await sql`update ${table} set lease_owner = null, lease_until = null
        where ${anyKey(keys)} and ${heldBy(owner)}`.execute(db);
    },
    async releaseAll(owner) {
      await sql`update ${table} set lease_owner = null, lease_until = null
        where ${heldBy(owner)}`.execute(db);
    },
  };
}
