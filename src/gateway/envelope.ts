import { z } from 'zod';
import { looseInt, looseText } from './operations/schema-helpers.js';

/** The one envelope every operation answers with; permissive about number-vs-string. */
export const Envelope = z.looseObject({
  code: looseInt,
  msg: looseText,
  msec: z.unknown().optional(),
  time: z.unknown().optional(),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof Envelope>;

/** Points this answer cost: `withholding_money` wherever `data` carries it (object or 1-array). */
export function chargeOf(data: unknown): number {
  const holder = Array.isArray(data) && data.length === 1 ? data[0] : data;
  if (!holder || typeof holder !== 'object') return 0;
  const parsed = looseInt.safeParse((holder as Record<string, unknown>).withholding_money);
  return parsed.success && parsed.data > 0 ? parsed.data : 0;
}
