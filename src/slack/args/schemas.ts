import { z } from 'zod';
import { translator } from '../../i18n/translator.js';
import { ArgsError, type Problem, problemText } from '../blocks/args-error.js';
import { type DayRange, parseDay } from './day.js';

const english = translator('en');

/** What a rule of ours gives zod: its English text (logs) and its problem, carried with the issue. */
export interface Rule {
  message: string;
  params: { problem: Problem };
}

/**
 * A zod rule of ours, for `refine`, `z.custom` and `ctx.addIssue`: the issue carries its
 * catalogue problem, so a refusal names it in the reader's language; `message` is its English
 * text, for logs.
 */
export function rule(problem: Problem): Rule {
  return { message: problemText(problem, english), params: { problem } };
}

/**
 * The problem a zod issue names: ours as it carries it; a message of someone else's (the gateway
 * input schema's) as its reason, quoted.
 */
export function issueProblem(issue: z.core.$ZodIssue): Problem {
  const carried = (issue as { params?: { problem?: Problem } }).params?.problem;
  return carried ?? { key: 'help.refusal.reason', values: { reason: issue.message } };
}

/** A whole number typed by a person, within [min, max]. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const broken = rule(
    max === Number.MAX_SAFE_INTEGER
      ? { key: 'help.refusal.wholeNumberMin', values: { min: String(min) } }
      : { key: 'help.refusal.wholeNumberRange', values: { min: String(min), max: String(max) } },
  );
  return z
    .string()
    .trim()
    .refine((s) => /^\d+$/.test(s), broken)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, broken);
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
      const problem = err.problems[0];
      ctx.addIssue({ code: 'custom', message: err.message, params: { problem } });
      return z.NEVER;
    }
  });
}
