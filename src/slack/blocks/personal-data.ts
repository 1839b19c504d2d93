/**
 * Personal data in gateway answers (phone numbers, the receiver of a shop order) masked the way
 * the gateway itself masks them when it does (`138****0000`, `王*`, `…栋***`), for every answer we
 * keep (shared cards, bought pages) and every card we render. Already-masked values stay as sent.
 */

/** More than 7 digits is a whole number someone could dial; keep the first 3 and the last 4. */
export function maskPhoneText(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length <= 7) return value;
  let seen = 0;
  return value.replace(/\d/g, (d) => {
    seen++;
    return seen <= 3 || seen > digits.length - 4 ? d : '*';
  });
}

// \u2022 is •: escaped, so the bundle stays ASCII (scripts/bundle.mjs).
const masked = (v: string) => /[*\u2022]/.test(v);

/** A receiver's name: the first character, the rest hidden. */
export function maskName(value: string): string {
  const chars = [...value.trim()];
  if (chars.length === 0 || masked(value)) return value;
  return `${chars[0]}${'*'.repeat(Math.min(Math.max(chars.length - 1, 1), 3))}`;
}

/** A street address: the first 6 characters (district or road), the rest hidden. */
export function maskAddress(value: string): string {
  const chars = [...value.trim()];
  if (chars.length === 0 || masked(value)) return value;
  return `${chars.slice(0, 6).join('')}***`;
}

/**
 * A deep copy of plain data with every `*phone*` string masked, and in any object that has a
 * receiver (a shop order) the receiver's name and address masked too. Dates stay Dates.
 */
export function maskPersonalData<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object' || v instanceof Date) return v;
    const o = v as Record<string, unknown>;
    const receiver = 'receiverPhone' in o || 'receiverName' in o;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      if (typeof x === 'string' && /phone/i.test(k)) out[k] = maskPhoneText(x);
      else if (receiver && typeof x === 'string' && k === 'receiverName') out[k] = maskName(x);
      else if (receiver && typeof x === 'string' && k === 'address') out[k] = maskAddress(x);
      else out[k] = walk(x);
    }
    return out;
  };
  return walk(value) as T;
}
