import type { LocaleChoice } from '../i18n/locales.js';
import { isLocale, type Locale } from '../i18n/locales.js';
import type { Db } from './database.js';

export interface PersonLanguage {
  /** The person's own choice; undefined follows their Slack locale. */
  choice?: Locale;
  /** Their Slack locale as last looked up; undefined when never looked up. */
  slackLocale?: string;
}

export async function getPersonLanguage(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<PersonLanguage | undefined> {
  const row = await db
    .selectFrom('person_languages')
    .select(['choice', 'slack_locale'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    choice: row.choice && isLocale(row.choice) ? row.choice : undefined,
    slackLocale: row.slack_locale ?? undefined,
  };
}

/** `/querydesk language`: `auto` clears the choice, so the Slack locale applies again. */
export async function savePersonChoice(
  db: Db,
  key: { workspaceId: string; userId: string },
  choice: LocaleChoice,
  now: Date,
): Promise<void> {
  const stored = choice === 'auto' ? null : choice;
  await db
    .insertInto('person_languages')
    .values({
      workspace_id: key.workspaceId,
      user_id: key.userId,
      choice: stored,
      updated_at: now.getTime(),
    })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'user_id'])
        .doUpdateSet({ choice: stored, updated_at: now.getTime() }),
    )
    .execute();
}

/** The Slack locale seen for a person (a lookup, or a `user_change` event); null: ask again. */
export async function savePersonSlackLocale(
  db: Db,
  key: { workspaceId: string; userId: string },
  slackLocale: string | null,
  now: Date,
): Promise<void> {
  const at = now.getTime();
  await db
    .insertInto('person_languages')
    .values({
      workspace_id: key.workspaceId,
      user_id: key.userId,
      slack_locale: slackLocale,
      locale_seen_at: slackLocale === null ? null : at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['workspace_id', 'user_id']).doUpdateSet({
        slack_locale: slackLocale,
        locale_seen_at: slackLocale === null ? null : at,
        updated_at: at,
      }),
    )
    .execute();
}
