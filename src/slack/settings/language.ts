import type { WebClient } from '@slack/web-api';
import { DEFAULT_LOCALE, isLocale, type Locale, parseLocaleChoice } from '../../i18n/locales.js';
import { translator } from '../../i18n/translator.js';
import { escapeMrkdwn } from '../blocks/limits.js';
import { notice, type SlackMessage } from '../blocks/message.js';
import type { AppDeps } from '../deps.js';

/**
 * The language this person reads: their `/querydesk language` choice, else their Slack locale,
 * asked of `users.info` once per person and remembered. Call it after the ack, never before.
 */
export function personLocale(
  deps: Pick<AppDeps, 'locales'>,
  client: WebClient,
  teamId: string,
  userId: string,
): Promise<Locale> {
  return deps.locales.localeOf(teamId, userId, async () => {
    const info = await client.users.info({ user: userId, include_locale: true });
    return info.user?.locale;
  });
}

/**
 * The language of what is posted into a channel (shared cards, QR status, watches, exports,
 * subscriptions, summaries, budget warnings): the workspace's, chosen in `/querydesk config`.
 */
export function channelLocale(deps: Pick<AppDeps, 'settings'>, teamId: string): Promise<Locale> {
  // With the store away the post still goes out, in the default language, rather than not at all.
  return deps.settings.language(teamId).catch(() => DEFAULT_LOCALE);
}

/**
 * A posted message keeps its language when it is edited later: the one its row remembers
 * (`locale`, written when it was posted), else, for rows from before, the workspace's now.
 */
export async function postedLocale(
  deps: Pick<AppDeps, 'settings'>,
  row: { workspace_id: string; locale: string | null },
): Promise<Locale> {
  return row.locale && isLocale(row.locale) ? row.locale : channelLocale(deps, row.workspace_id);
}

/** `/querydesk language zh-CN|en|auto`: kept per person per workspace, confirmed in the new language. */
export async function chooseLanguage(
  deps: Pick<AppDeps, 'locales'>,
  client: WebClient,
  a: { teamId: string; userId: string; word: string },
): Promise<SlackMessage> {
  const choice = parseLocaleChoice(a.word);
  const ask = async () =>
    (await client.users.info({ user: a.userId, include_locale: true })).user?.locale;
  if (!choice) {
    const t = translator(await deps.locales.localeOf(a.teamId, a.userId, ask));
    const problem = a.word
      ? `${t('language.unknown', { typed: escapeMrkdwn(a.word.slice(0, 40)) })} `
      : '';
    return notice(`${problem}${t('language.usage')}`);
  }
  const now = await deps.locales.choose(a.teamId, a.userId, choice, ask);
  const t = translator(now);
  if (choice === 'auto') {
    const name = t(now === 'zh-CN' ? 'config.language.zhCN' : 'config.language.en');
    return notice(t('language.auto', { language: name }));
  }
  return notice(t('language.set'));
}
