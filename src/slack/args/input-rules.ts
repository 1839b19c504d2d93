import { describeUnsafe, findUnsafeCharacter } from '../../text-safety.js';
import { ArgsError } from '../blocks/args-error.js';

/** Longest command text read; Slack allows more, no command here needs a tenth of it. */
export const MAX_COMMAND_TEXT = 1000;
/** Longest single value (an id, a media mark, a remark). */
export const MAX_VALUE_LENGTH = 200;

/** Refuses text with control or direction characters, or longer than `max`, naming the problem. */
export function checkTypedText(text: string, what: string, max: number): void {
  const found = findUnsafeCharacter(text);
  if (found) throw new ArgsError(`${what} ${describeUnsafe(found)}`);
  const length = [...text].length;
  if (length > max) {
    throw new ArgsError(`${what} is ${length} characters long; at most ${max} are read`);
  }
}

/** The same rules for a modal input's value: the problem in words, or undefined when it is fine. */
export function typedValueProblem(value: string, max = MAX_VALUE_LENGTH): string | undefined {
  try {
    checkTypedText(value, 'This value', max);
    return undefined;
  } catch (err) {
    return (err as ArgsError).message;
  }
}
