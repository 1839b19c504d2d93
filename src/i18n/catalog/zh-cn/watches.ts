import type { enWatches } from '../en/watches.js';

/** Simplified Chinese messages: watches. Same keys and placeholders as English. */
export const zhCNWatches = {} as const satisfies Record<keyof typeof enWatches, string>;
