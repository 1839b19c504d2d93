import type { enAudit } from '../en/audit.js';

/** Simplified Chinese messages: audit. Same keys and placeholders as English. */
export const zhCNAudit = {} as const satisfies Record<keyof typeof enAudit, string>;
