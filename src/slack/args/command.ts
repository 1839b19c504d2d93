import type { z } from 'zod';
import { ArgsError } from '../blocks/args-error.js';
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
  /** `Usage: /name …`, ready to show. */
  usageLine: string;
  /** Parses command text; throws ArgsError naming the problem and carrying the usage line. */
  parse(text: string): z.output<S>;
}

export function defineCommand<S extends z.ZodType>(spec: CommandSpec<S>): Command<S> {
  const command: Command<S> = {
    ...spec,
    usageLine: `Usage: ${spec.name} ${spec.usage}`.trim(),
    parse: (text) => parseCommand(command, text),
  };
  return command;
}

export function parseCommand<S extends z.ZodType>(command: Command<S>, text: string): z.output<S> {
  const usage = command.usageLine;
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(text);
  } catch (err) {
    throw err instanceof ArgsError ? err.withUsage(usage) : err;
  }
  for (const key of Object.keys(args.options)) {
    if (!command.options.includes(key)) {
      const known = command.options.length ? ` (known: ${command.options.join(', ')})` : '';
      throw new ArgsError(`unknown option "${key}"${known}`, usage);
    }
  }
  const max = command.positionals.length;
  if (args.positionals.length > max) {
    const extra = args.positionals.slice(max).map((p) => `"${p}"`);
    const expected = max === 0 ? 'no arguments' : `at most ${max} argument${max === 1 ? '' : 's'}`;
    throw new ArgsError(
      `too many arguments: expected ${expected}, extra ${extra.join(' ')}`,
      usage,
    );
  }
  const input: Record<string, string> = {};
  command.positionals.forEach((name, idx) => {
    const value = args.positionals[idx];
    if (value !== undefined) input[name] = value;
  });
  Object.assign(input, args.options);
  const result = command.schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => describeIssue(command, input, issue));
  throw new ArgsError([...new Set(problems)].join('; '), usage);
}

function describeIssue(
  command: Command<z.ZodType>,
  input: Record<string, string>,
  issue: z.core.$ZodIssue,
): string {
  const key = issue.path[0];
  if (typeof key !== 'string') return issue.message;
  const isPositional = command.positionals.includes(key);
  const value = input[key];
  if (value === undefined) {
    return isPositional ? `missing <${key}>` : `option "${key}" is required`;
  }
  // Messages that already quote the value (dates) need not repeat it.
  const shown = issue.message.includes(value) ? '' : `="${value}"`;
  return isPositional
    ? `<${key}>${shown ? ` "${value}"` : ''}: ${issue.message}`
    : `option ${key}${shown}: ${issue.message}`;
}
