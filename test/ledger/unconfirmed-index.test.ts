import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { unconfirmedIds } from '../../src/ledger/unconfirmed.js';
import { freshDatabase, type TestDatabase } from '../fakes/databases.js';

// Every charge the gateway answers looks for the unconfirmed charges it settles. On SQLite the
// driver is synchronous: a search that reads the workspace's whole history holds the event loop
// for every paid call, longer as the ledger grows. It must be a search of the unconfirmed only.
describe('settling unconfirmed charges', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function planOf(target: Parameters<typeof unconfirmedIds>[1]): Promise<string> {
    database = await freshDatabase('sqlite');
    const store = await database.open();
    const query = unconfirmedIds(store.db, target).compile();
    const plan = await store.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    return plan.rows.map((r) => r.detail).join(' | ');
  }

  it('by operation: searches the partial index of unconfirmed entries by time (SQLite plan)', async () => {
    const plan = await planOf({ workspaceId: 'T1', operation: 'payOrder', before: Date.now() });
    expect(plan).toMatch(
      /SEARCH ledger_entries USING (COVERING )?INDEX ledger_unconfirmed_before \(workspace_id=\? AND operation=\? AND created_at<\?\)/,
    );
  });

  it('the index is there on PostgreSQL too, partial on the unconfirmed', async () => {
    database = await freshDatabase('postgres');
    const store = await database.open();
    const rows = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes
       where indexname = 'ledger_unconfirmed_before' and schemaname = ${database.schema}`.execute(
      store.db,
    );
    expect(rows.rows.map((r) => r.indexdef)).toEqual([
      expect.stringMatching(
        /\(workspace_id, operation, created_at\) WHERE \(tally = 'unknown'::text\)/,
      ),
    ]);
  });
});
