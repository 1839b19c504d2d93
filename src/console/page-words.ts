import { enConsole } from '../i18n/catalog/en/console.js';
import type { MessageKey } from '../i18n/catalog/en.js';
import { type Locale, localeFromSlack } from '../i18n/locales.js';
import { type Translate, translator } from '../i18n/translator.js';
import type { DoubleState } from '../slack-double/state.js';
import { CONSOLE_USER } from './local-slack.js';

/** The console page's own words (`console.*`, those without placeholders) in one language. */
export function pageWords(t: Translate): Record<string, string> {
  const words: Record<string, string> = {};
  for (const [key, english] of Object.entries(enConsole)) {
    if (!english.includes('{')) words[key] = t(key as MessageKey);
  }
  // The language names, each in its own language, for the switch.
  words['config.language.en'] = t('config.language.en');
  words['config.language.zhCN'] = t('config.language.zhCN');
  return words;
}

/** The language a person at the console reads: their Slack locale in the local Slack. */
export function consoleLocale(
  state: DoubleState,
  user: string = CONSOLE_USER,
): { locale: Locale; t: Translate } {
  const locale = localeFromSlack(state.users.get(user)?.locale);
  return { locale, t: translator(locale) };
}
