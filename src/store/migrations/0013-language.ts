import type { Kysely, Migration } from 'kysely';

/**
 * Language: a person's own choice (`/querydesk language`) and the Slack locale last seen for them
 * (`users.info` with `include_locale`, refreshed on `user_change`), and the workspace's language
 * for what is posted into channels (`/querydesk config`).
 */
export function languageMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('person_languages')
        .ifNotExists()
        .addColumn('workspace_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('choice', 'text')
        .addColumn('slack_locale', 'text')
        .addColumn('locale_seen_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('person_languages_pk', ['workspace_id', 'user_id'])
        .execute();
      await db.schema.alterTable('workspace_settings').addColumn('language', 'text').execute();
    },
  };
}
