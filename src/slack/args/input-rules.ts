import type { Translate } from '../../i18n/translator.js';
import { findUnsafeCharacter } from '../../text-safety.js';
import { ArgsError, type Problem } from '../blocks/args-error.js';

/** Longest command text read; Slack allows more, no command here needs a tenth of it. */
export const MAX_COMMAND_TEXT = 1000;
/** Longest single value (an id, a media mark, a remark). */
export const MAX_VALUE_LENGTH = 200;

/** Refuses text with control or direction characters, or longer than `max`, naming the problem. */
export function checkTypedText(text: string, what: Problem, max: number): void {
  const found = findUnsafeCharacter(text);
  if (found) {
    const kind = found.kind.split(' ')[0] as string;
    const position = String(found.position);
    const values = { what, kind, code: found.code, position };
    throw new ArgsError({ key: 'help.refusal.unsafe', values });
  }
  const length = [...text].length;
  if (length > max) {
    const values = { what, length: String(length), max: String(max) };
    throw new ArgsError({ key: 'help.refusal.tooLong', values });
  }
}

/**
 * The same rules for a modal input's value: the problem in words (in `t`'s language; English
 * without one), or undefined when it is fine.
 */
export function typedValueProblem(
  value: string,
  max = MAX_VALUE_LENGTH,
  t?: Translate,
): string | undefined {
  try {
    checkTypedText(value, { key: 'help.refusal.what.value' }, max);
    return undefined;
  } catch (err) {
    const e = err as ArgsError;
    return t ? e.describe(t) : e.message;
  }
}
