import { z } from 'zod';
import type { WireObject, WireValue } from '../operation.js';

// More permissive readers for what the gateway sends (see schema-helpers.ts for the first set).

/** A count that may be a number or numeric string; missing, empty or unreadable → null. */
export const looseCount = z
  .unknown()
  .optional()
  .transform((v): number | null => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : null;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
    return null;
  });

/**
 * An id that may exceed 2^53: digit strings are kept exactly as sent; numbers are written out in
 * full (never `1e+21`), though a number past 2^53 has already lost digits in JSON.parse.
 */
export const looseId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
    return v.trim();
  });

/** A yuan amount as exact text with two decimals and as integer fen. */
export interface YuanAmount {
  text: string;
  fen: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * Decimal yuan text → fen without float arithmetic: digits are shifted, and a third decimal
 * rounds half away from zero. Undefined when the text is not a plain decimal.
 */
export function yuanFromText(text: string): YuanAmount | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const [, sign, whole = '0', frac = ''] = m;
  const digits = `${frac}000`.slice(0, 3);
  let fen = BigInt(whole) * 100n + BigInt(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) fen += 1n;
  if (fen > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const negative = sign === '-' && fen !== 0n;
  const cents = (fen % 100n).toString().padStart(2, '0');
  return {
    text: `${negative ? '-' : ''}${fen / 100n}.${cents}`,
    fen: negative ? -Number(fen) : Number(fen),
  };
}

/** A yuan amount sent as a decimal number or a decimal string. */
export const looseYuan = z.union([z.string(), z.number()]).transform((v, ctx): YuanAmount => {
  const amount = yuanFromText(String(v));
  if (!amount) {
    ctx.addIssue({ code: 'custom', message: `unreadable amount ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return amount;
});

/** A list that may be missing or null: normalised to []; anything else is refused. */
export function looseList<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);
}

/** Wire fields without the optional ones left unset, so the gateway never sees an empty field. */
export function compactWire(fields: Record<string, WireValue>): WireObject {
  const out: WireObject = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}
