/** The languages querydesk speaks. A third one is one catalogue file and one line in `catalogs.ts`. */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** What a person may ask for with `/querydesk language`: a locale, or `auto` (follow Slack). */
export type LocaleChoice = Locale | 'auto';

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/**
 * A Slack locale (`users.info` with `include_locale`, e.g. `zh-CN`, `zh-TW`, `en-US`) to the
 * language querydesk speaks: any `zh…` reads Simplified Chinese until Traditional is added,
 * anything else English.
 */
export function localeFromSlack(slackLocale: string | undefined): Locale {
  if (!slackLocale) return DEFAULT_LOCALE;
  return /^zh(?:[-_]|$)/i.test(slackLocale) ? 'zh-CN' : DEFAULT_LOCALE;
}

/** `/querydesk language` argument → a choice, or undefined when it is none of them. */
export function parseLocaleChoice(word: string): LocaleChoice | undefined {
  const w = word.trim().toLowerCase();
  if (w === 'auto') return 'auto';
  if (w === 'en') return 'en';
  if (w === 'zh-cn' || w === 'zh') return 'zh-CN';
  return undefined;
}

/** Whose language wins for a person: their own choice, else their Slack locale. */
export function personLocale(
  choice: LocaleChoice | undefined,
  slackLocale: string | undefined,
): Locale {
  return choice && choice !== 'auto' ? choice : localeFromSlack(slackLocale);
}
