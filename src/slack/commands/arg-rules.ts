import { z } from 'zod';
import { type Command, defineCommand, rule } from '../args/index.js';
import type { CommandName, LookupCommand } from './command.js';

/**
 * Re-reports the operation's own rule violations on the command's object, under the option names
 * a person typed (`fieldToOption`: gateway input field → command option), so errors name them.
 */
export function check<T>(
  schema: z.ZodType<T>,
  value: unknown,
  ctx: z.RefinementCtx,
  fieldToOption: Record<string, string> = {},
): T | typeof z.NEVER {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const option = fieldToOption[String(issue.path[0] ?? '')];
    // A problem of ours the schema carried goes along, so it is still named in the reader's words.
    const params = (issue as { params?: Record<string, unknown> }).params;
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: option ? [option] : issue.path,
      ...(params ? { params } : {}),
    });
  }
  return z.NEVER;
}

// A form leaves an empty field out entirely: say "required", not "expected string".
const REQUIRED = rule({ key: 'help.refusal.fieldRequired' });
const NOT_TEXT = rule({ key: 'help.refusal.notText' });
export const text = z
  .custom<string>((v) => v !== undefined, { ...REQUIRED, abort: true })
  .refine((v) => typeof v === 'string', NOT_TEXT);

/**
 * `build` run once per key (a time zone, say), its result kept: a parser's zod schema made anew
 * for every command is compiled anew for every command too.
 */
export function perKey<T>(build: (key: string) => T): (key: string) => T {
  const built = new Map<string, T>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      built.set(key, value);
    }
    return value;
  };
}

/** The parser of a lookup command's text, with its dates read in `timeZone`. */
export function commandParser<S extends z.ZodType>(
  command: LookupCommand<CommandName, S>,
  timeZone: string,
): Command<S> {
  return defineCommand({
    name: command.name,
    usage: command.usage,
    positionals: command.positionals,
    options: command.options,
    schema: command.schema(timeZone),
  });
}
