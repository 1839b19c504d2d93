import { en, type MessageKey } from './catalog/en.js';
import { zhCN } from './catalog/zh-cn.js';
import type { Locale } from './locales.js';

export type Catalog = Readonly<Record<MessageKey, string>>;

/** One line per language; `Locale` in locales.ts names the same set, so a gap does not compile. */
export const CATALOGS = {
  en,
  'zh-CN': zhCN,
} as const satisfies Record<Locale, Catalog>;
