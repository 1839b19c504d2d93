import { z } from 'zod';
import { parseGatewayTime } from '../time.js';

/** An integer that may arrive as a number or a digit string. */
export const looseInt = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** A decimal that may arrive as a number or a numeric string. */
export const looseNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

// zod 4 refuses a missing key unless the schema's input side is optional: a bare `transform`
// is not, so every "may be missing" helper below is `.optional()` before it transforms.

/** Text that may be missing or null: normalised to '' so renderers need no null checks. */
export const looseText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** A gateway time in any documented form, in the given zone; undefined when absent. */
export function looseTime(zone: string) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return undefined;
      const d = parseGatewayTime(v, zone);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: `unreadable time ${JSON.stringify(v)}` });
        return z.NEVER;
      }
      return d;
    });
}

/** true/false as booleans, strings ("true", "1") or numbers. */
export const looseBool = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(true|1)$/i.test(v)));
