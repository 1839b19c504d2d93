import type { Kysely, Migration } from 'kysely';

/**
 * The lease heartbeat renews every lease a worker holds with one UPDATE per table and beat
 * (`where lease_owner = ?`), on every replica every few seconds: without an index each beat
 * scanned the whole of order_watches, exports and subscriptions, finished rows included.
 * qr_sessions has had its index since 0005.
 */
export function leaseOwnerIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['order_watches', 'exports', 'subscriptions']) {
        await db.schema
          .createIndex(`${table}_lease_owner`)
          .ifNotExists()
          .on(table)
          .column('lease_owner')
          .execute();
      }
    },
  };
}
