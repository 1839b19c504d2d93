import type { enHelp } from '../en/help.js';

/** Simplified Chinese messages: help. Same keys and placeholders as English. */
export const zhCNHelp = {} as const satisfies Record<keyof typeof enHelp, string>;
