import { type Kysely, type Migration, sql } from 'kysely';
import type { StoreDialect } from '../database.js';

/**
 * PostgreSQL: every insert, update or delete of a workspace's settings row notifies
 * `querydesk_settings` with its workspace id, whoever writes it (any replica, the key-rotation
 * command, `psql`), so that each thread may remember the rows it reads (settings-feed.ts). The
 * notification is sent when the writing transaction commits. SQLite: nothing (read each time).
 */
export function settingsChangesMigration(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function querydesk_settings_changed() returns trigger
        language plpgsql as $$
        begin
          perform pg_notify('querydesk_settings', coalesce(new.workspace_id, old.workspace_id));
          return null;
        end $$`.execute(db);
      await sql`
        create trigger workspace_settings_changed
        after insert or update or delete on workspace_settings
        for each row execute function querydesk_settings_changed()`.execute(db);
    },
  };
}
