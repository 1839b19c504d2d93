import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Every charge the gateway answers settles the unconfirmed charges of its operation made before
 * it (ledger/unconfirmed.ts): `workspace_id = ? and operation = ? and created_at < ?` over the
 * entries still `unknown`. 0011's partial index on (workspace_id, operation) was never chosen by
 * SQLite's planner, which took (workspace_id, created_at) and read every entry of the workspace's
 * history on each charge: about 10 ms at 120,000 entries, held on the event loop, since SQLite's
 * driver is synchronous. With the time in the partial index the search reads the unconfirmed
 * entries only (SQLite and PostgreSQL alike).
 */
export function unconfirmedByTimeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index if exists ledger_unconfirmed`.execute(db);
      await sql`create index if not exists ledger_unconfirmed_before on ledger_entries (workspace_id, operation, created_at) where tally = 'unknown'`.execute(
        db,
      );
    },
  };
}
