import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { EN_AREAS, en } from '../../src/i18n/catalog/en.js';
import { CATALOGS } from '../../src/i18n/catalogs.js';
import { LOCALES } from '../../src/i18n/locales.js';
import { translator } from '../../src/i18n/translator.js';

/** Every argument a message names, at any depth (plural branches included). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}

/** The arguments a message formats as numbers (plural, selectordinal or number), at any depth. */
function numericArguments(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.plural || el.type === TYPE.number) into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) numericArguments(option.value, into);
    }
    if (el.type === TYPE.tag) numericArguments(el.children, into);
  }
  return into;
}

const sample = (name: string, numeric: Set<string>): string | number =>
  numeric.has(name) || ['n', 'count', 'points', 'queued', 'status'].includes(name)
    ? 3
    : `‹${name}›`;

describe('message catalogues', () => {
  it('defines each key in one area only', () => {
    const seen = new Map<string, number>();
    for (const area of EN_AREAS)
      for (const k of Object.keys(area)) seen.set(k, (seen.get(k) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
    expect(seen.size).toBe(Object.keys(en).length);
  });

  it('has the same keys in every language', () => {
    const reference = Object.keys(en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(CATALOGS[locale]).sort(), locale).toEqual(reference);
    }
  });

  /** Whether a message holds a rich-text tag (`<b>…</b>`): ICU reads `<x>` as one, not as text. */
  function hasTag(elements: MessageFormatElement[]): boolean {
    return elements.some(
      (el) =>
        el.type === TYPE.tag ||
        ((el.type === TYPE.plural || el.type === TYPE.select) &&
          Object.values(el.options).some((o) => hasTag(o.value))),
    );
  }

  for (const locale of LOCALES) {
    it(`${locale}: no message holds a tag, which would render as a list, not text`, () => {
      const tagged = Object.entries(CATALOGS[locale])
        .filter(([, message]) => hasTag(parse(message)))
        .map(([key]) => key);
      expect(tagged).toEqual([]);
    });

    it(`${locale}: every message names the same placeholders as English`, () => {
      const mismatches: string[] = [];
      for (const [key, english] of Object.entries(en)) {
        const want = [...argumentsOf(parse(english))].sort().join(',');
        const got = [...argumentsOf(parse(CATALOGS[locale][key as keyof typeof en]))]
          .sort()
          .join(',');
        if (want !== got) mismatches.push(`${key}: en {${want}} ${locale} {${got}}`);
      }
      expect(mismatches).toEqual([]);
    });

    it(`${locale}: every message renders with no raw key, placeholder or undefined`, () => {
      const t = translator(locale);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const names = argumentsOf(parse(en[key]));
        const numeric = numericArguments(parse(en[key]));
        const values = Object.fromEntries([...names].map((n) => [n, sample(n, numeric)]));
        const text = t(key, values);
        expect(text, key).not.toMatch(/undefined|\{[a-zA-Z_]+[},]/);
        expect(text, key).not.toBe(key);
        expect(text.trim().length, key).toBeGreaterThan(0);
      }
    });
  }

  it('refuses to render a message whose placeholder has no value', () => {
    expect(() => translator('zh-CN')('language.unknown')).toThrow();
  });

  it('counts with plurals in English and without in Chinese', () => {
    expect(translator('en')('count.newOrders', { count: 1 })).toBe('1 new order');
    expect(translator('en')('count.newOrders', { count: 12 })).toBe('12 new orders');
    expect(translator('zh-CN')('count.newOrders', { count: 12 })).toBe('12 个新订单');
  });
});
