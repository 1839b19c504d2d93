/** Field names whose values identify a person: kept only as a hint of their last characters. */
const SENSITIVE_KEY = /phone|mobile|tel|receiver|recipient|consignee|address/i;
/** A run of 7+ digits (optionally with a leading +) anywhere in a value: treated as a phone number. */
const PHONE_LIKE = /\+?\d[\d -]{5,}\d/g;

function maskText(value: string, keep: number): string {
  const chars = [...value];
  if (chars.length <= keep) return '*'.repeat(chars.length);
  return `${'*'.repeat(chars.length - keep)}${chars.slice(-keep).join('')}`;
}

function mask(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (SENSITIVE_KEY.test(key)) return maskText(String(value), 2);
  if (typeof value === 'string') return value.replace(PHONE_LIKE, (m) => maskText(m, 2));
  if (Array.isArray(value)) return value.map((v) => mask(key, v));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(k, v)]));
  }
  return value;
}

/** A call's parameters as JSON for the audit: phone numbers and receiver fields masked. */
export function maskedParams(input: unknown): string {
  return JSON.stringify(mask('', input) ?? {});
}
