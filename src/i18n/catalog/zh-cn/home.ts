import type { enHome } from '../en/home.js';

/** Simplified Chinese messages: home. Same keys and placeholders as English. */
export const zhCNHome = {} as const satisfies Record<keyof typeof enHome, string>;
