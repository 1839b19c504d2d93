import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageKey } from './catalog/en.js';
import { CATALOGS } from './catalogs.js';
import type { Locale } from './locales.js';

export type MessageValues = Record<string, string | number>;

/** A function that renders one message key in one language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const compiled = new Map<string, IntlMessageFormat>();

/**
 * The translator for one language. Messages compile once per process and language, on first use.
 * A placeholder left without a value throws: a half-rendered `{name}` never reaches Slack.
 */
export function translator(locale: Locale): Translate {
  const catalog = CATALOGS[locale];
  return (key, values) => {
    const id = `${locale}\u0000${key}`;
    let format = compiled.get(id);
    if (!format) {
      format = new IntlMessageFormat(catalog[key], locale);
      compiled.set(id, format);
    }
    const out = format.format(values);
    // Every message formats to a string: no catalogue message holds a rich-text tag (the
    // catalogue test checks), so anything else is a defect to surface, not to paper over.
    if (typeof out !== 'string') throw new Error(`message ${key} (${locale}) is not plain text`);
    return out;
  };
}
