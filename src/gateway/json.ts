/** Integers this long may exceed 2^53 and lose digits in JSON.parse. */
const LONG_INTEGER_DIGITS = 16;

/**
 * JSON.parse, except that bare integers of 16 digits or more become strings first, so ids larger
 * than 2^53 (order numbers, trade ids) keep every digit. Text inside strings is never touched.
 */
export function parseJsonKeepingLongIntegers(text: string): unknown {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += text[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === '"') inString = false;
      i++;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      i++;
      continue;
    }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      const num = text.slice(i, j);
      const digits = num.replace(/^-/, '');
      out += /^\d+$/.test(digits) && digits.length >= LONG_INTEGER_DIGITS ? `"${num}"` : num;
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return JSON.parse(out);
}
