import type { enExports } from '../en/exports.js';

/** Simplified Chinese messages: exports. Same keys and placeholders as English. */
export const zhCNExports = {} as const satisfies Record<keyof typeof enExports, string>;
