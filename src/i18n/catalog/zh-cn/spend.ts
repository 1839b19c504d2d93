import type { enSpend } from '../en/spend.js';

/** Simplified Chinese messages: spend. Same keys and placeholders as English. */
export const zhCNSpend = {} as const satisfies Record<keyof typeof enSpend, string>;
