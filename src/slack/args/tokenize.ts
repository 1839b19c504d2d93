import { ArgsError } from '../blocks/args-error.js';
import { checkTypedText, MAX_COMMAND_TEXT, MAX_VALUE_LENGTH } from './input-rules.js';

export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string>;
}

/** Opening quote → the quotes that close it. Slack clients turn straight quotes into smart ones. */
const CLOSERS: Record<string, string> = {
  '"': '"”“',
  "'": "'’‘",
  '“': '”"“',
  '‘': "’'‘",
  '”': '”"',
  '’': "’'",
};

// “ ” ‘ ’ escaped, so the bundle stays ASCII (scripts/bundle.mjs).
const OPTION_KEY = /^[^\s"'\u201c\u201d\u2018\u2019=]+=/;
const VALID_KEY = /^[a-z_]+$/;

/**
 * Splits slash-command text into positionals and `key=value` options.
 *
 * A quote opens only at the start of a word or right after `=`, and closes only before
 * whitespace or the end, so apostrophes inside words (`don't`, `O’Brien`) stay literal.
 * Inside quotes, `\"`, `\'` and `\\` are escapes. A positional containing `=` must be quoted.
 * Slack's `&amp;`, `&lt;`, `&gt;` escaping is undone first. Text with control or direction
 * characters, or too long, is refused here, before any value is read.
 */
export function parseArgs(text: string): ParsedArgs {
  const input = unescapeSlack(text);
  checkTypedText(input, { key: 'help.refusal.what.text' }, MAX_COMMAND_TEXT);
  const positionals: string[] = [];
  const options: Record<string, string> = {};
  let i = 0;
  while (i < input.length) {
    if (/\s/.test(input.charAt(i))) {
      i++;
      continue;
    }
    const keyMatch = OPTION_KEY.exec(input.slice(i));
    if (keyMatch) {
      const key = keyMatch[0].slice(0, -1);
      if (!VALID_KEY.test(key)) {
        throw new ArgsError({ key: 'help.refusal.optionName', values: { name: key } });
      }
      const word = readWord(input, i + keyMatch[0].length);
      if (Object.hasOwn(options, key)) {
        throw new ArgsError({ key: 'help.refusal.optionTwice', values: { name: key } });
      }
      if (word.value === '' && !word.quoted) {
        throw new ArgsError({ key: 'help.refusal.optionEmpty', values: { name: key } });
      }
      const what = { key: 'help.refusal.what.option', values: { name: key } } as const;
      checkTypedText(word.value, what, MAX_VALUE_LENGTH);
      options[key] = word.value;
      i = word.end;
    } else {
      const word = readWord(input, i);
      const n = String(positionals.length + 1);
      checkTypedText(
        word.value,
        { key: 'help.refusal.what.argument', values: { n } },
        MAX_VALUE_LENGTH,
      );
      positionals.push(word.value);
      i = word.end;
    }
  }
  return { positionals, options };
}

interface Word {
  value: string;
  quoted: boolean;
  end: number;
}

function readWord(input: string, start: number): Word {
  const open = input.charAt(start);
  const closers = CLOSERS[open];
  if (closers === undefined) {
    let end = start;
    while (end < input.length && !/\s/.test(input.charAt(end))) end++;
    return { value: input.slice(start, end), quoted: false, end };
  }
  let value = '';
  for (let i = start + 1; i < input.length; i++) {
    const c = input.charAt(i);
    const next = input.charAt(i + 1);
    if (c === '\\' && (closers.includes(next) || next === '\\' || next === open)) {
      value += next;
      i++;
    } else if (closers.includes(c) && (i + 1 === input.length || /\s/.test(next))) {
      return { value, quoted: true, end: i + 1 };
    } else {
      value += c;
    }
  }
  const values = { start: preview(input.slice(start)), quote: closers.charAt(0) };
  throw new ArgsError({ key: 'help.refusal.unterminatedQuote', values });
}

function preview(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

function unescapeSlack(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
