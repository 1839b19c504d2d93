import { describe, expect, it } from 'vitest';
import {
  instantToWallClock,
  parseGatewayTime,
  wallClockToInstant,
} from '../../src/gateway/time.js';

describe('gateway times', () => {
  it('reads wall-clock text in the given zone', () => {
    expect(wallClockToInstant('2024-05-01 10:00:00', 'Asia/Shanghai')?.toISOString()).toBe(
      '2024-05-01T02:00:00.000Z',
    );
    expect(wallClockToInstant('2024-05-01 10:00:00', 'UTC')?.toISOString()).toBe(
      '2024-05-01T10:00:00.000Z',
    );
  });

  it('is right on both sides of a DST change', () => {
    // New York: EST (−5) before 2024-03-10 02:00, EDT (−4) after.
    expect(wallClockToInstant('2024-03-09 12:00:00', 'America/New_York')?.toISOString()).toBe(
      '2024-03-09T17:00:00.000Z',
    );
    expect(wallClockToInstant('2024-03-11 12:00:00', 'America/New_York')?.toISOString()).toBe(
      '2024-03-11T16:00:00.000Z',
    );
  });

  it('puts a time the spring-forward skips on the far side of the gap (New York)', () => {
    // 02:30 does not exist on 2024-03-10: the clocks jump from 02:00 EST to 03:00 EDT.
    expect(wallClockToInstant('2024-03-10 02:30:00', 'America/New_York')?.toISOString()).toBe(
      '2024-03-10T07:30:00.000Z',
    );
    expect(wallClockToInstant('2024-03-10 03:00:00', 'America/New_York')?.toISOString()).toBe(
      '2024-03-10T07:00:00.000Z',
    );
  });

  it('reads a time the fall-back repeats as its first pass (Berlin)', () => {
    // 02:30 happens twice on 2024-10-27: at CEST (+2), then again at CET (+1).
    expect(wallClockToInstant('2024-10-27 02:30:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2024-10-27T00:30:00.000Z',
    );
  });

  it('refuses a date that does not exist instead of rolling it over', () => {
    expect(wallClockToInstant('2024-02-30 10:00:00', 'Asia/Shanghai')).toBeUndefined();
    expect(wallClockToInstant('2023-02-29 10:00:00', 'Asia/Shanghai')).toBeUndefined();
    expect(wallClockToInstant('2024-02-29 10:00:00', 'Asia/Shanghai')?.toISOString()).toBe(
      '2024-02-29T02:00:00.000Z',
    );
  });

  it('renders an instant back as wall-clock text in a zone', () => {
    const d = new Date('2024-05-01T02:00:00Z');
    expect(instantToWallClock(d, 'Asia/Shanghai')).toBe('2024-05-01 10:00:00');
    expect(instantToWallClock(d, 'UTC')).toBe('2024-05-01 02:00:00');
    expect(instantToWallClock(new Date('2024-05-01T16:30:00Z'), 'Asia/Shanghai')).toBe(
      '2024-05-02 00:30:00',
    );
    // Milliseconds are cut, not rounded; the Berlin hour that repeats shows both passes.
    expect(instantToWallClock(new Date('2024-05-01T15:59:59.999Z'), 'Asia/Shanghai')).toBe(
      '2024-05-01 23:59:59',
    );
    expect(instantToWallClock(new Date('2024-10-27T00:30:00Z'), 'Europe/Berlin')).toBe(
      '2024-10-27 02:30:00',
    );
    expect(instantToWallClock(new Date('2024-10-27T01:30:00Z'), 'Europe/Berlin')).toBe(
      '2024-10-27 02:30:00',
    );
  });

  it('accepts every documented form', () => {
    const z = 'Asia/Shanghai';
    expect(parseGatewayTime('2024-05-01 10:00:00', z)?.toISOString()).toBe(
      '2024-05-01T02:00:00.000Z',
    );
    expect(parseGatewayTime('2024-05-01T02:00:00.123456Z', z)?.toISOString()).toBe(
      '2024-05-01T02:00:00.123Z',
    );
    expect(parseGatewayTime(1714528800000, z)?.toISOString()).toBe('2024-05-01T02:00:00.000Z');
    expect(parseGatewayTime('1714528800', z)?.toISOString()).toBe('2024-05-01T02:00:00.000Z');
    expect(parseGatewayTime(null, z)).toBeUndefined();
    expect(parseGatewayTime('', z)).toBeUndefined();
    expect(parseGatewayTime('yesterday', z)).toBeUndefined();
  });
});
