import { describe, expect, it } from 'vitest';
import {
  addAnswerSums,
  answerMeansMs,
  answerP90sMs,
  answerSums,
} from '../../bench/scale-figures.js';

/** A reading of one bot's /metrics, as prom-client writes it: two commands, two parts. */
const exposition = (whole: [number, number], work: [number, number]) => `
# HELP querydesk_answer_seconds How long a person waited
# TYPE querydesk_answer_seconds histogram
querydesk_answer_seconds_bucket{le="0.01",command="/account",part="whole"} 0
querydesk_answer_seconds_sum{command="/account",part="whole"} ${whole[0]}
querydesk_answer_seconds_count{command="/account",part="whole"} ${whole[1]}
querydesk_answer_seconds_sum{command="/payorder",part="whole"} 1
querydesk_answer_seconds_count{command="/payorder",part="whole"} 10
querydesk_answer_seconds_sum{command="/account",part="work"} ${work[0]}
querydesk_answer_seconds_count{command="/account",part="work"} ${work[1]}
querydesk_background_check_lateness_seconds_sum{kind="qr"} 99
`;

describe("the scale run's reading of the bot's answer timing", () => {
  it("reads one command's parts, and gives the mean of what was timed between two readings", () => {
    const before = answerSums(exposition([2, 20], [1, 20]));
    expect(before.whole).toMatchObject({ sum: 2, count: 20 });
    expect(answerSums(exposition([2, 20], [1, 20]), '/payorder').whole).toEqual({
      sum: 1,
      count: 10,
      buckets: [],
    });
    expect(before.work).toEqual({ sum: 1, count: 20, buckets: [] });
    expect(before.delivery).toEqual({ sum: 0, count: 0, buckets: [] });
    const after = answerSums(exposition([2.5, 30], [1.3, 30]));
    // 10 more /account answers: 0.5 s of whole and 0.3 s of work between them.
    expect(answerMeansMs(after, before)).toEqual({
      held: null,
      before: null,
      language: null,
      work: 30,
      delivery: null,
      whole: 50,
    });
  });

  it("adds replicas' readings together", () => {
    const one = answerSums(exposition([2, 20], [1, 20]));
    const both = addAnswerSums([one, one]);
    expect(both.whole).toMatchObject({ sum: 4, count: 40 });
    expect(both.whole.buckets[0]).toEqual([0.01, 0]);
    expect(both.language).toEqual({ sum: 0, count: 0, buckets: [] });
  });

  it("gives each part's p90 between two readings from the buckets, replicas added", () => {
    // Cumulative buckets of /account's whole: 10 ms, 30 ms, 50 ms, +Inf.
    const reading = (counts: [number, number, number, number]) => `
querydesk_answer_seconds_bucket{le="0.01",command="/account",part="whole"} ${counts[0]}
querydesk_answer_seconds_bucket{le="0.03",command="/account",part="whole"} ${counts[1]}
querydesk_answer_seconds_bucket{le="0.05",command="/account",part="whole"} ${counts[2]}
querydesk_answer_seconds_bucket{le="+Inf",command="/account",part="whole"} ${counts[3]}
querydesk_answer_seconds_sum{command="/account",part="whole"} 1
querydesk_answer_seconds_count{command="/account",part="whole"} ${counts[3]}
`;
    const start = answerSums(reading([5, 10, 10, 10]));
    expect(answerP90sMs(start, answerSums('')).whole).toBe(30);
    // Between the readings: 20 more answers, 2 within 10 ms, 16 more within 50 ms, 2 slower.
    const later = answerSums(reading([7, 12, 28, 30]));
    const p90s = answerP90sMs(later, start);
    expect(p90s.whole).toBe(50);
    expect(p90s.work).toBeNull();
    // Two replicas with the same answers: the same p90.
    const two = answerP90sMs(addAnswerSums([later, later]), addAnswerSums([start, start]));
    expect(two.whole).toBe(50);
    // A replica that has answered nothing yet has no buckets: the other's count alone.
    expect(addAnswerSums([answerSums(''), later]).whole).toEqual(later.whole);
    // Beyond the last finite bound, no figure.
    expect(answerP90sMs(answerSums(reading([0, 0, 0, 10])), answerSums('')).whole).toBeNull();
  });
});
