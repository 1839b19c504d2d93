import { z } from 'zod';
import { describeUnsafe, findUnsafeCharacter } from '../../text-safety.js';

// Building blocks for the strict input schemas. Slack commands build these inputs, so every
// message names the field in words a person typed it in and says what would be accepted.

/**
 * Required free text, trimmed; empty after trimming is refused, and so is any control or
 * direction character (the last line before a paid call: a NUL byte once cost points and then
 * failed to store).
 */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((text, ctx) => {
      const found = findUnsafeCharacter(text);
      if (found) ctx.addIssue({ code: 'custom', message: `${label} ${describeUnsafe(found)}` });
    });
}

/** A numeric id typed as digits; kept as text because gateway ids can exceed 2^53. */
export function digitString(label: string, max = 32) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .regex(/^\d+$/, `${label} must contain digits only`)
    .max(max, `${label} must be at most ${max} digits`);
}

/** A whole number with a lower and optional upper bound. */
export function intBetween(label: string, min: number, max?: number) {
  const range =
    max === undefined
      ? `${label} must be at least ${min}`
      : `${label} must be between ${min} and ${max}`;
  const base = z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, range);
  return max === undefined ? base : base.max(max, range);
}

const WALL_CLOCK = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * A gateway wall-clock time `yyyy-MM-dd HH:mm:ss`, already in the gateway's zone. `toWire` has no
 * zone, so callers convert (time.ts `instantToWallClock`) before building the input.
 */
export function wallClockText(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .regex(WALL_CLOCK, `${label} must be a date and time like 2024-05-01 00:00:00`);
}

/** An instant; an invalid Date is refused. */
export function instant(label: string) {
  return z.date({ error: `${label} must be a valid date` });
}
