/**
 * Characters no typed value needs: C0 and C1 control characters (tab, line feed and carriage
 * return are whitespace, and allowed), DEL, Unicode direction controls (embeddings, overrides,
 * isolates and the invisible direction marks, which can make text read differently from what it
 * holds), and halves of surrogate pairs (not text at all; encoders throw on them).
 */
function kindOf(cp: number): UnsafeCharacter['kind'] | undefined {
  if (cp <= 0x08 || cp === 0x0b || cp === 0x0c || (cp >= 0x0e && cp <= 0x1f)) {
    return 'control character';
  }
  if (cp >= 0x7f && cp <= 0x9f) return 'control character';
  if (cp === 0x061c || cp === 0x200e || cp === 0x200f) return 'direction control';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'direction control';
  // A code point in this range is half of a surrogate pair standing alone.
  if (cp >= 0xd800 && cp <= 0xdfff) return 'broken character';
  return undefined;
}

export interface UnsafeCharacter {
  /** 1-based position in the text, as a person would count it. */
  position: number;
  /** e.g. `U+0000`. */
  code: string;
  kind: 'control character' | 'direction control' | 'broken character';
}

/** The first character that has no place in typed input, or undefined if there is none. */
export function findUnsafeCharacter(text: string): UnsafeCharacter | undefined {
  let position = 0;
  for (const ch of text) {
    position++;
    const cp = ch.codePointAt(0) ?? 0;
    const kind = kindOf(cp);
    if (kind) {
      return { position, code: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`, kind };
    }
  }
  return undefined;
}

/** One sentence naming what was found and where, for the person who typed it. */
export function describeUnsafe(found: UnsafeCharacter): string {
  return `contains an invisible ${found.kind} (${found.code}) at character ${found.position}; retype it without`;
}
