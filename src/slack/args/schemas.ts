import { z } from 'zod';
import { ArgsError } from '../blocks/args-error.js';
import { type DayRange, parseDay } from './day.js';

/** A whole number typed by a person, within [min, max]. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { message: `must be a whole number ${range}` })
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, {
      message: `must be a whole number ${range}`,
    });
}

/** A human page number: 1 is the first page. Converting to the gateway's numbering is the caller's. */
export const pageNumber = wholeNumber(1);

/** A `YYYY-MM-DD` option read as a calendar day in `timeZone`. */
export function dayArg(timeZone: string) {
  return z.string().transform((text, ctx): DayRange => {
    try {
      return parseDay(text, timeZone);
    } catch (err) {
      if (!(err instanceof ArgsError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  });
}
