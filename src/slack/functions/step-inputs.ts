import type { z } from 'zod';
import type { Translate } from '../../i18n/translator.js';
import { ArgsError, issueProblem, type Problem } from '../args/index.js';
import { checkTypedText, MAX_VALUE_LENGTH } from '../args/input-rules.js';
import { problemText } from '../blocks/args-error.js';
import type { StepParam } from './step.js';
import { StepInputError } from './step-input-error.js';

/**
 * The step's inputs through the command's own argument schema: each input is handed over under
 * the command's name for it, an empty optional input counts as left out (Workflow Builder sends
 * "" or nothing for an empty field), and every problem is reported under the step's input name,
 * in `t`'s language (the workspace's); the input names and what was given stay as they are.
 */
export function parseStepInputs<S extends z.ZodType>(
  schema: S,
  declared: Record<string, StepParam>,
  commandNames: Record<string, string>,
  raw: unknown,
  t: Translate,
): z.output<S> {
  const given = typeof raw === 'object' && raw !== null ? (raw satisfies object) : {};
  const toStep = new Map<string, string>();
  const input: Record<string, unknown> = {};
  const unsafe: string[] = [];
  for (const [name, param] of Object.entries(declared)) {
    const key = commandNames[name] ?? name;
    toStep.set(key, name);
    const value: unknown = Reflect.get(given, name);
    if (value === undefined || value === null) continue;
    if (value === '' && !param.is_required) continue;
    // A number typed into a text input arrives as a number: the rules read text.
    const v = typeof value === 'number' ? String(value) : value;
    // The same rules as a typed command or form: no control or direction characters, bounded.
    const problem = typeof v === 'string' ? unsafeProblem(name, v, t) : undefined;
    if (problem) unsafe.push(problem);
    input[key] = v;
  }
  const separator = t('help.refusal.separator');
  if (unsafe.length) throw new StepInputError(unsafe.join(separator));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
    const name = key ? (toStep.get(key) ?? key) : undefined;
    const problem = issueProblem(issue);
    if (!key || !name) return problemText(problem, t);
    // "type must be platform or merchant" reads "number_type: must be platform or merchant".
    const reason = problem.key === 'help.refusal.reason' ? problem.values?.reason : undefined;
    const named: Problem =
      typeof reason === 'string' && reason.startsWith(`${key} `)
        ? { key: 'help.refusal.reason', values: { reason: reason.slice(key.length + 1) } }
        : problem;
    return t('steps.input.problem', { name, problem: problemText(named, t) });
  });
  throw new StepInputError([...new Set(problems)].join(separator));
}

/** The typed-input rules (no control or direction characters, bounded) for one step input. */
function unsafeProblem(name: string, value: string, t: Translate): string | undefined {
  try {
    checkTypedText(value, { key: 'help.refusal.what.value' }, MAX_VALUE_LENGTH);
    return undefined;
  } catch (err) {
    if (!(err instanceof ArgsError)) throw err;
    const found = err.problems[0];
    const values: Record<string, string> = { name };
    for (const [k, v] of Object.entries(found?.values ?? {})) {
      if (typeof v === 'string') values[k] = v;
    }
    const key = found?.key === 'help.refusal.unsafe' ? 'steps.input.unsafe' : 'steps.input.tooLong';
    return t(key, values);
  }
}
