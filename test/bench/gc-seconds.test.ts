import { describe, expect, it } from 'vitest';
import { gcSecondsByKind, gcSecondsText } from '../../bench/scale-figures.js';

/** prom-client's default GC histogram as a bot's /metrics writes it (its buckets left out). */
const exposition = (minor: number, major: number) => `
# HELP nodejs_gc_duration_seconds Garbage collection duration by kind, one of major, minor, incremental or weakcb.
# TYPE nodejs_gc_duration_seconds histogram
nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor"} 10
nodejs_gc_duration_seconds_sum{kind="minor"} ${minor}
nodejs_gc_duration_seconds_count{kind="minor"} 40
nodejs_gc_duration_seconds_sum{kind="major"} ${major}
nodejs_gc_duration_seconds_count{kind="major"} 2
querydesk_answer_seconds_sum{command="/account",part="whole"} 7
`;

describe("the scale run's reading of the bots' garbage collection", () => {
  it('reads the seconds by kind, and what several bots spent between two readings', () => {
    expect(gcSecondsByKind(exposition(0.5, 1.25))).toEqual({ minor: 0.5, major: 1.25 });
    expect(gcSecondsByKind('nodejs_gc_duration_seconds_sum{kind="minor"} 1.5e-3\n')).toEqual({
      minor: 0.0015,
    });
    const before = [gcSecondsByKind(exposition(0.5, 1)), gcSecondsByKind(exposition(0.1, 0))];
    const after = [gcSecondsByKind(exposition(1.5, 3)), gcSecondsByKind(exposition(0.35, 0.5))];
    expect(gcSecondsText(after, before)).toBe('major 2.50, minor 1.25');
    expect(gcSecondsText([{}], [{}])).toBe('none');
  });
});
