import type { Kysely, Migration } from 'kysely';

/**
 * What a crash-proof, dense-then-sparse QR watch needs beyond 0002: until when a session's checks
 * stay dense (the first minute, or a short burst after a click), which watcher attended it last,
 * and one row per watcher process with its heartbeat. A watcher's leases are short and renewed by that heartbeat in one statement
 * (indexed by owner), so a killed process holds nothing for longer than one lease.
 */
export function qrWorkersMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('qr_sessions').addColumn('dense_until', 'bigint').execute();
      await db.schema.alterTable('qr_sessions').addColumn('checked_by', 'text').execute();
      await db.schema
        .createIndex('qr_sessions_lease_owner')
        .ifNotExists()
        .on('qr_sessions')
        .column('lease_owner')
        .execute();
      await db.schema
        .createTable('qr_workers')
        .ifNotExists()
        .addColumn('worker_id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
