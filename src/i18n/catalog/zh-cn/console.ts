import type { enConsole } from '../en/console.js';

/** Simplified Chinese messages: console. Same keys and placeholders as English. */
export const zhCNConsole = {} as const satisfies Record<keyof typeof enConsole, string>;
