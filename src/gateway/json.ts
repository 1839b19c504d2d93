/** A JSON string, or a bare integer of 16+ digits (which may exceed 2^53) standing on its own. */
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;

/**
 * JSON.parse, except that bare integers of 16 digits or more become strings first, so ids larger
 * than 2^53 (order numbers, trade ids) keep every digit. Text inside strings is never touched;
 * a body without such a run of digits goes straight to JSON.parse.
 */
export function parseJsonKeepingLongIntegers(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  return JSON.parse(
    text.replace(STRING_OR_LONG_INTEGER, (m) => (m.startsWith('"') ? m : `"${m}"`)),
  );
}
