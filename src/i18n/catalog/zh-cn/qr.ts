import type { enQr } from '../en/qr.js';

/** Simplified Chinese messages: qr. Same keys and placeholders as English. */
export const zhCNQr = {} as const satisfies Record<keyof typeof enQr, string>;
