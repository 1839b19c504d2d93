import type { z } from 'zod';
import { typedValueProblem } from '../args/input-rules.js';
import type { StepParam } from './step.js';
import { StepInputError } from './step-input-error.js';

/**
 * The step's inputs through the command's own argument schema: each input is handed over under
 * the command's name for it, an empty optional input counts as left out (Workflow Builder sends
 * "" or nothing for an empty field), and every problem is reported under the step's input name.
 */
export function parseStepInputs<S extends z.ZodType>(
  schema: S,
  declared: Record<string, StepParam>,
  commandNames: Record<string, string>,
  raw: unknown,
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
    const problem = typeof v === 'string' ? typedValueProblem(v) : undefined;
    if (problem) unsafe.push(`${name}: ${problem.replace(/^This value /, '')}`);
    input[key] = v;
  }
  if (unsafe.length) throw new StepInputError(unsafe.join('; '));
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
    const name = key ? (toStep.get(key) ?? key) : undefined;
    if (!key || !name) return issue.message;
    // "type must be platform or merchant" reads "number_type: must be platform or merchant".
    const message = issue.message.startsWith(`${key} `)
      ? issue.message.slice(key.length + 1)
      : issue.message;
    return `${name}: ${message}`;
  });
  throw new StepInputError([...new Set(problems)].join('; '));
}
