import { describe, expect, it } from 'vitest';
import { dayKey, dayRange, daysBetween } from '../../src/ledger/day.js';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();

describe('dayRange', () => {
  it('puts Shanghai midnight at 16:00 UTC the evening before', () => {
    const range = dayRange(new Date('2024-03-09T16:00:00.000Z'), 'Asia/Shanghai');

    expect(range.key).toBe('2024-03-10');
    expect(iso(range.start)).toBe('2024-03-09T16:00:00.000Z');
    expect(iso(range.end)).toBe('2024-03-10T16:00:00.000Z');
  });

  it('keeps the last millisecond before Shanghai midnight in the earlier day', () => {
    expect(dayKey(new Date('2024-03-09T15:59:59.999Z'), 'Asia/Shanghai')).toBe('2024-03-09');
    expect(dayKey(new Date('2024-03-09T16:00:00.000Z'), 'Asia/Shanghai')).toBe('2024-03-10');
  });

  it('makes the New York spring-forward day 23 hours long', () => {
    const range = dayRange(new Date('2024-03-10T12:00:00Z'), 'America/New_York');

    expect(iso(range.start)).toBe('2024-03-10T05:00:00.000Z');
    expect(iso(range.end)).toBe('2024-03-11T04:00:00.000Z');
    expect(range.end.getTime() - range.start.getTime()).toBe(23 * HOUR);
  });

  it('makes the New York fall-back day 25 hours long', () => {
    const range = dayRange(new Date('2024-11-03T12:00:00Z'), 'America/New_York');

    expect(iso(range.start)).toBe('2024-11-03T04:00:00.000Z');
    expect(iso(range.end)).toBe('2024-11-04T05:00:00.000Z');
    expect(range.end.getTime() - range.start.getTime()).toBe(25 * HOUR);
  });

  it('makes the Berlin spring-forward day 23 hours long, from midnight CET to midnight CEST', () => {
    const range = dayRange(new Date('2024-03-31T12:00:00Z'), 'Europe/Berlin');

    expect(range.key).toBe('2024-03-31');
    expect(iso(range.start)).toBe('2024-03-30T23:00:00.000Z');
    expect(iso(range.end)).toBe('2024-03-31T22:00:00.000Z');
    expect(dayKey(new Date('2024-03-31T21:59:59.999Z'), 'Europe/Berlin')).toBe('2024-03-31');
    expect(dayKey(new Date('2024-03-31T22:00:00.000Z'), 'Europe/Berlin')).toBe('2024-04-01');
  });

  it('starts a day at 01:00 when the clocks skip midnight (Santiago)', () => {
    const range = dayRange(new Date('2024-09-08T12:00:00Z'), 'America/Santiago');

    expect(range.key).toBe('2024-09-08');
    expect(iso(range.start)).toBe('2024-09-08T04:00:00.000Z');
  });

  it('ends a day at its second midnight when the clocks repeat the last hour (Santiago)', () => {
    const range = dayRange(new Date('2024-04-06T12:00:00Z'), 'America/Santiago');

    expect(range.key).toBe('2024-04-06');
    expect(iso(range.end)).toBe('2024-04-07T04:00:00.000Z');
    expect(range.end.getTime() - range.start.getTime()).toBe(25 * HOUR);
  });
});

describe('daysBetween', () => {
  it('lists every local day overlapping the window, partial ends included', () => {
    const days = daysBetween(
      new Date('2024-03-09T12:00:00Z'),
      new Date('2024-03-12T01:00:00Z'),
      'America/New_York',
    );

    expect(days.map((d) => d.key)).toEqual(['2024-03-09', '2024-03-10', '2024-03-11']);
  });

  it('is empty for an empty window', () => {
    const at = new Date('2024-03-09T12:00:00Z');

    expect(daysBetween(at, at, 'UTC')).toEqual([]);
  });
});
