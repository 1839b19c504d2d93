/**
 * The numbers a message names, by the contract's rule: every run of 6 to 32 ASCII digits with no
 * ASCII letter, digit, `_` or `-` right before or after it, in order of appearance, each once, at
 * most 10. Chinese characters, spaces and punctuation separate numbers.
 */
export const MESSAGE_NUMBERS_MAX = 10;

// A run of digits bounded by anything that is not [A-Za-z0-9_-]; the lookarounds keep "abc123456"
// and "123456-7" out, and a longer run (33+ digits) never matches a 6–32 slice of itself.
const NUMBER = /(?<![A-Za-z0-9_-])[0-9]{6,32}(?![A-Za-z0-9_-])/g;

export function messageNumbers(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(NUMBER)) {
      if (found.includes(match[0])) continue;
      found.push(match[0]);
      if (found.length === MESSAGE_NUMBERS_MAX) return found;
    }
  }
  return found;
}

/** Every `text` string inside a message's blocks (rich_text elements, section fields, …), depth first. */
export function blockTexts(blocks: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 12 || blocks === null || typeof blocks !== 'object') return out;
  if (Array.isArray(blocks)) {
    for (const item of blocks) blockTexts(item, out, depth + 1);
    return out;
  }
  for (const [key, value] of Object.entries(blocks)) {
    if (key === 'text' && typeof value === 'string') out.push(value);
    else if (typeof value === 'object') blockTexts(value, out, depth + 1);
  }
  return out;
}

/** The numbers of a message: its `text`, then the text inside its blocks. */
export function numbersInMessage(message: { text?: string; blocks?: unknown }): string[] {
  return messageNumbers([message.text ?? '', ...blockTexts(message.blocks)]);
}

/** Which lookup the numbers suggest: two or more, a payment order; one, a shop's orders. */
export type SuggestedLookup =
  | { command: 'payorder'; orderNumber: string; merchantNum: string }
  | { command: 'shoporders'; ownerId: string }
  | { command: 'none' };

export function suggestedLookup(numbers: readonly string[]): SuggestedLookup {
  const [first, second] = numbers;
  if (first !== undefined && second !== undefined)
    return { command: 'payorder', orderNumber: first, merchantNum: second };
  if (first !== undefined) return { command: 'shoporders', ownerId: first };
  return { command: 'none' };
}
