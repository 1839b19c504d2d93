import { ParamError } from './answer.js';
import { parseWallClock } from './seed/wall-time.js';

export function required(fields: Record<string, string>, name: string): string {
  const v = fields[name]?.trim();
  if (!v) throw new ParamError(`${name} is required`);
  return v;
}

export function optional(fields: Record<string, string>, name: string): string | undefined {
  const v = fields[name]?.trim();
  return v ? v : undefined;
}

/** A whole number from a string or JSON number, within bounds; names the field when it is not. */
export function wholeNumber(
  value: unknown,
  name: string,
  bounds: { min?: number; max?: number } = {},
): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^-?\d+$/.test(text.trim())) throw new ParamError(`${name} must be a whole number`);
  const n = Number(text.trim());
  if (!Number.isSafeInteger(n)) throw new ParamError(`${name} is too large`);
  if (bounds.min !== undefined && n < bounds.min) {
    throw new ParamError(`${name} must be at least ${bounds.min}`);
  }
  if (bounds.max !== undefined && n > bounds.max) {
    throw new ParamError(`${name} must be at most ${bounds.max}`);
  }
  return n;
}

/** 'yyyy-MM-dd HH:mm:ss' (Shanghai), 'yyyy-MM-dd', epoch seconds (10 digits) or epoch ms (13). */
export function instant(value: string, name: string): number {
  if (/^\d{10}$/.test(value)) return Number(value) * 1000;
  if (/^\d{13}$/.test(value)) return Number(value);
  const ms = parseWallClock(value);
  if (ms === undefined) {
    throw new ParamError(`${name} must be yyyy-MM-dd HH:mm:ss or an epoch timestamp`);
  }
  return ms;
}
