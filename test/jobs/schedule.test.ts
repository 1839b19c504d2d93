import { describe, expect, it } from 'vitest';
import { cronSchedule } from '../../src/jobs/schedule.js';

const ZONE = 'Asia/Shanghai';

describe('cronSchedule', () => {
  const daily = cronSchedule('0 9 * * *', ZONE);

  it('finds the latest run at or before now, read in the zone', () => {
    expect(daily.previous(new Date('2026-11-21T01:30:00Z'))).toEqual(
      new Date('2026-11-21T01:00:00Z'),
    );
    expect(daily.previous(new Date('2026-11-21T00:59:59Z'))).toEqual(
      new Date('2026-11-20T01:00:00Z'),
    );
    expect(daily.previous(new Date('2026-11-21T01:00:00Z'))).toEqual(
      new Date('2026-11-21T01:00:00Z'),
    );
  });

  it('gives the next run strictly after a time', () => {
    expect(daily.next(new Date('2026-11-21T01:00:00Z'))).toEqual(new Date('2026-11-22T01:00:00Z'));
  });

  it('reads a sixth leading field as seconds, and finds runs a month back', () => {
    const everyTwo = cronSchedule('*/2 * * * * *', ZONE);
    const monthly = cronSchedule('0 0 1 * *', ZONE);

    expect(everyTwo.previous(new Date('2026-11-21T01:00:03.500Z'))).toEqual(
      new Date('2026-11-21T01:00:02Z'),
    );
    expect(monthly.previous(new Date('2026-11-21T01:00:00Z'))).toEqual(
      new Date('2026-10-31T16:00:00Z'),
    );
  });
});
