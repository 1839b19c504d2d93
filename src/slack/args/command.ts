import type { z } from 'zod';
import { translator } from '../../i18n/translator.js';
import { ArgsError, type Problem, problemText } from '../blocks/args-error.js';
import { issueProblem } from './schemas.js';
import { parseArgs } from './tokenize.js';

export interface CommandSpec<S extends z.ZodType> {
  /** The slash command, e.g. `/payorder`. */
  name: string;
  /** Arguments part of the usage line, e.g. `<order_number> <merchant_num> [type=platform|merchant]`. */
  usage: string;
  /** Names for positionals, in order; they become keys of the object the schema receives. */
  positionals: readonly string[];
  /** Allowed option keys. */
  options: readonly string[];
  /** Receives `{ ...namedPositionals, ...options }` (all strings; absent ones missing). */
  schema: S;
}

export interface Command<S extends z.ZodType> extends CommandSpec<S> {
  /** `Usage: /name …`, ready to show (English). */
  usageLine: string;
  /** `/name …`: the syntax a refusal shows, in any language, as it is. */
  syntax: string;
  /** Parses command text; throws ArgsError naming the problem and carrying the syntax. */
  parse(text: string): z.output<S>;
}

export function defineCommand<S extends z.ZodType>(spec: CommandSpec<S>): Command<S> {
  const syntax = `${spec.name} ${spec.usage}`.trim();
  const command: Command<S> = {
    ...spec,
    usageLine: `Usage: ${syntax}`,
    syntax,
    parse: (text) => parseCommand(command, text),
  };
  return command;
}

export function parseCommand<S extends z.ZodType>(command: Command<S>, text: string): z.output<S> {
  const usage = command.syntax;
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(text);
  } catch (err) {
    throw err instanceof ArgsError ? err.withUsage(usage) : err;
  }
  for (const key of Object.keys(args.options)) {
    if (!command.options.includes(key)) {
      const problem: Problem = command.options.length
        ? {
            key: 'help.refusal.unknownOptionKnown',
            values: { name: key, known: command.options.join(', ') },
          }
        : { key: 'help.refusal.unknownOption', values: { name: key } };
      throw new ArgsError(problem, usage);
    }
  }
  const max = command.positionals.length;
  if (args.positionals.length > max) {
    const extra = args.positionals.slice(max).map((p) => `"${p}"`);
    const expected: Problem =
      max === 0
        ? { key: 'help.refusal.expectedNone' }
        : { key: 'help.refusal.expectedAtMost', values: { max: String(max) } };
    const values = { expected, extra: extra.join(' ') };
    throw new ArgsError({ key: 'help.refusal.tooMany', values }, usage);
  }
  const input: Record<string, string> = {};
  command.positionals.forEach((name, idx) => {
    const value = args.positionals[idx];
    if (value !== undefined) input[name] = value;
  });
  Object.assign(input, args.options);
  const result = command.schema.safeParse(input);
  if (result.success) return result.data;
  const problems = new Map<string, Problem>();
  for (const issue of result.error.issues) {
    const problem = describeIssue(command, input, issue);
    problems.set(problemText(problem, english), problem);
  }
  throw new ArgsError([...problems.values()], usage);
}

const english = translator('en');

/** An issue as a problem naming the option or argument and what was typed (never zod's words). */
function describeIssue(
  command: Command<z.ZodType>,
  input: Record<string, string>,
  issue: z.core.$ZodIssue,
): Problem {
  const reason = issueProblem(issue);
  const key = issue.path[0];
  if (typeof key !== 'string') return reason;
  const isPositional = command.positionals.includes(key);
  const value = input[key];
  if (value === undefined) {
    return isPositional
      ? { key: 'help.refusal.missingArg', values: { arg: `<${key}>` } }
      : { key: 'help.refusal.optionRequired', values: { name: key } };
  }
  // Messages that already quote the value (dates) need not repeat it.
  const quoted = problemText(reason, english).includes(value);
  if (isPositional) {
    return quoted
      ? { key: 'help.refusal.badArg', values: { arg: `<${key}>`, reason } }
      : { key: 'help.refusal.badArgValue', values: { arg: `<${key}>`, value, reason } };
  }
  return quoted
    ? { key: 'help.refusal.badOption', values: { name: key, reason } }
    : { key: 'help.refusal.badOptionValue', values: { name: key, value, reason } };
}
