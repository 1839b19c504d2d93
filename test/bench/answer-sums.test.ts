import { describe, expect, it } from 'vitest';
import { addAnswerSums, answerMeansMs, answerSums } from '../../bench/scale-figures.js';

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
    expect(before.whole).toEqual({ sum: 2, count: 20 });
    expect(answerSums(exposition([2, 20], [1, 20]), '/payorder').whole).toEqual({
      sum: 1,
      count: 10,
    });
    expect(before.work).toEqual({ sum: 1, count: 20 });
    expect(before.delivery).toEqual({ sum: 0, count: 0 });
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
    expect(both.whole).toEqual({ sum: 4, count: 40 });
    expect(both.language).toEqual({ sum: 0, count: 0 });
  });
});
