import { expect } from 'vitest';
import { en } from '../../src/i18n/catalog/en.js';
import { LOCALES, type Locale } from '../../src/i18n/locales.js';
import { type Translate, translator } from '../../src/i18n/translator.js';
import { checkMessage, checkView } from '../../src/slack/blocks/limits.js';

/** Every string anywhere inside a message or view (text, labels, values, fallbacks). */
export function allStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, into);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) allStrings(v, into);
  return into;
}

const KEYS = new Set(Object.keys(en));

/** What a rendered text must never show: a raw key, an unfilled `{placeholder}`, `undefined`. */
export function leftovers(value: unknown): string[] {
  const out: string[] = [];
  for (const s of allStrings(value)) {
    if (KEYS.has(s)) out.push(`raw key ${s}`);
    if (/\{[a-zA-Z_][a-zA-Z0-9_]*(?:[},])/.test(s)) out.push(`placeholder in ${JSON.stringify(s)}`);
    if (/\bundefined\b|\bNaN\b|\[object Object\]/.test(s))
      out.push(`leftover in ${JSON.stringify(s)}`);
  }
  return out;
}

type Rendered = { text?: string; blocks?: unknown[] } | { type: string; blocks?: unknown };

/**
 * Renders a builder in every language and checks each: Block Kit limits (`checkMessage` or
 * `checkView`), no raw key, placeholder or `undefined`. Returns the renderings by language, so a
 * test can go on to assert what the words are.
 */
export function inEveryLanguage<R extends Rendered>(
  render: (t: Translate, locale: Locale) => R,
  opts: { update?: boolean } = {},
): Record<Locale, R> {
  const out = {} as Record<Locale, R>;
  for (const locale of LOCALES) {
    const rendered = render(translator(locale), locale);
    const isView = 'type' in rendered && (rendered.type === 'modal' || rendered.type === 'home');
    const problems = isView ? checkView(rendered) : checkMessage(rendered as never, opts);
    expect(problems, `${locale}: Block Kit limits`).toEqual([]);
    expect(leftovers(rendered), `${locale}: leftovers`).toEqual([]);
    out[locale] = rendered;
  }
  return out;
}

/** The CJK characters of a rendering, to assert that the Chinese one is in Chinese. */
export function hasChinese(value: unknown): boolean {
  return allStrings(value).some((s) => /[\u4e00-\u9fff]/.test(s));
}
