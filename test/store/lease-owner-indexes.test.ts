import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../fakes/databases.js';

// A stopping replica hands back every lease it holds by owner (`releaseAll`), and migration 0014
// added these indexes when the heartbeat renewed by owner too: an index search, not a scan of
// every watch, export and subscription ever made.
describe('lease heartbeat lookups', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  for (const table of ['qr_sessions', 'order_watches', 'exports', 'subscriptions']) {
    it(`finds ${table} rows by lease owner through an index (SQLite's plan)`, async () => {
      database = await freshDatabase('sqlite');
      const store = await database.open();
      const plan = await sql<{ detail: string }>`explain query plan update ${sql.table(
        table,
      )} set lease_until = 1 where lease_owner = ${'worker-1'}`.execute(store.db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toMatch(new RegExp(`SEARCH ${table} USING INDEX ${table}_lease_owner`));
    });
  }
});
