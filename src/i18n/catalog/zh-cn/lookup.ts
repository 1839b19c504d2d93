import type { enLookup } from '../en/lookup.js';

/** Simplified Chinese messages: lookup. Same keys and placeholders as English. */
export const zhCNLookup = {} as const satisfies Record<keyof typeof enLookup, string>;
