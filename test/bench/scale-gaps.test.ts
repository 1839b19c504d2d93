import { describe, expect, it } from 'vitest';
import { gapFigures, type Item, type Schedules } from '../../bench/scale-gaps.js';
import { qrSchedule } from '../../src/qr/schedule.js';
import type { RequestRecord } from '../../src/sandbox/index.js';

const S: Schedules = { qr: qrSchedule(3000), watchMs: 60_000, subscriptionMs: 60_000 };
const T0 = 1_000_000;

const check = (
  op: RequestRecord['op'],
  subject: string,
  at: number,
  tokenTag = 'tag',
): RequestRecord => ({
  op,
  at,
  method: 'GET',
  path: '/',
  httpStatus: 200,
  code: 0,
  tokenTag,
  subject,
});

const watch = (subject: string, tokenTag = 'tag'): Item => ({
  kind: 'watch',
  op: 'payOrder',
  subject,
  tokenTag,
  createdAt: T0,
  endsAt: Infinity,
});

describe('gaps between checks, read from the request log', () => {
  it('holds each watch gap to its interval + 10 %, from creation, and names an item left a whole gap', () => {
    const records = [
      // On time (+10 % allowed), then 5 s past the allowance.
      ...[66_000, 126_000, 197_000].map((t) => check('payOrder', 'A', T0 + t)),
      // Checked once, then nothing for 180 s: a whole gap and more unchecked.
      check('payOrder', 'B', T0 + 60_000),
      // Another workspace's token for the same order: not B's check.
      check('payOrder', 'B', T0 + 120_000, 'other'),
    ];
    const f = gapFigures(records, [watch('A'), watch('B')], S, T0 + 240_000);
    expect(f.watchChecks).toBe(4);
    expect(f.watchGapOvershootMaxS).toBe(114);
    expect(f.watchItemsAWholeGapUnchecked).toBe(1);
    expect(f.watchUncheckedItems).toBe('tag/B');
    // B's first gap was on time; the whole gap it missed came later.
    expect(f.watchItemsTheirFirstGapUnchecked).toBe(0);
    expect(f.watchDuplicates).toBe(0);
  });

  it('tells an item whose first check came a whole gap after its creation', () => {
    // C: first checked 140 s after creation (more than 60 s + 66 s), then on time.
    const records = [140_000, 200_000].map((t) => check('payOrder', 'C', T0 + t));
    const f = gapFigures(records, [watch('C')], S, T0 + 210_000);
    expect(f.watchItemsAWholeGapUnchecked).toBe(1);
    expect(f.watchItemsTheirFirstGapUnchecked).toBe(1);
  });

  it('follows the QR schedule as it grows and counts a check under half its gap as a duplicate', () => {
    const qr: Item = {
      kind: 'qr',
      op: 'qrStatus',
      subject: 'S',
      createdAt: T0,
      endsAt: T0 + 600_000,
    };
    // Every 3 s for the first minute, one repeated 1 s later, then 4.5 s after 60 s.
    const at = [...Array.from({ length: 20 }, (_, i) => 3000 * (i + 1)), 61_000, 65_500];
    const f = gapFigures(
      at.map((t) => check('qrStatus', 'S', T0 + t)),
      [qr],
      S,
      T0 + 66_000,
    );
    expect(f.qrChecks).toBe(22);
    expect(f.qrDuplicates).toBe(1);
    expect(f.qrGapOvershootMaxS).toBe(0);
    expect(f.qrItemsAWholeGapUnchecked).toBe(0);
  });
});
