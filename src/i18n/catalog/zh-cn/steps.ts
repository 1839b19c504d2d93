import type { enSteps } from '../en/steps.js';

/** Simplified Chinese messages: steps. Same keys and placeholders as English. */
export const zhCNSteps = {} as const satisfies Record<keyof typeof enSteps, string>;
