import type { enSubscriptions } from '../en/subscriptions.js';

/** Simplified Chinese messages: subscriptions. Same keys and placeholders as English. */
export const zhCNSubscriptions = {} as const satisfies Record<keyof typeof enSubscriptions, string>;
