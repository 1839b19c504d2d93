import { describe, expect, it } from 'vitest';
import { parseJsonKeepingLongIntegers } from '../../src/gateway/json.js';

describe('parseJsonKeepingLongIntegers', () => {
  it('keeps every digit of an id beyond 2^53', () => {
    const parsed = parseJsonKeepingLongIntegers(
      '{"plat_trade_id": 1234567890123456789, "n": -98765432109876543}',
    ) as Record<string, unknown>;
    expect(parsed.plat_trade_id).toBe('1234567890123456789');
    expect(parsed.n).toBe('-98765432109876543');
  });

  it('leaves ordinary numbers, decimals, exponents and strings alone', () => {
    const text =
      '{"a": 12, "b": 1.5, "c": 1e21, "d": "9999999999999999999 in a string \\" 1234567890123456789", "e": [1, 2.25]}';
    expect(parseJsonKeepingLongIntegers(text)).toEqual(JSON.parse(text));
  });

  it('leaves long digit runs that are part of decimals or exponents to JSON.parse', () => {
    const text = '{"x": 1.12345678901234567, "y": 12345678901234567e2, "z": [12345678901234567]}';
    const parsed = parseJsonKeepingLongIntegers(text) as { x: number; y: number; z: string[] };
    expect(parsed.x).toBe(JSON.parse(text).x);
    expect(parsed.y).toBe(JSON.parse(text).y);
    expect(parsed.z).toEqual(['12345678901234567']);
  });

  it('still rejects text that is not JSON', () => {
    expect(() => parseJsonKeepingLongIntegers('not json')).toThrow();
  });
});
