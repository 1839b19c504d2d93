import { describe, expect, it } from 'vitest';
import { benchEntry } from '../../bench/ledger-insert.js';

const DAY_MS = 86_400_000;

describe('benchEntry', () => {
  it('lays 200 entries over the last 40 days, with refunds the ledger will not drop as duplicates', () => {
    const now = Date.UTC(2024, 4, 1);

    const planned = Array.from({ length: 200 }, (_, i) => benchEntry(i, 200, now));

    const times = planned.map((p) => p.at);
    expect(Math.min(...times)).toBe(now - 40 * DAY_MS);
    expect(Math.max(...times)).toBeLessThan(now);
    const refunds = planned.filter((p) => p.entry.kind === 'refund');
    expect(refunds).toHaveLength(4);
    expect(new Set(refunds.map((r) => r.entry.qrSessionId)).size).toBe(4);
    // Refunds land in the measured workspace, so /spend has some to subtract.
    expect(refunds.every((r) => r.entry.workspaceId === 'T0BENCH')).toBe(true);
    expect(planned.filter((p) => p.entry.workspaceId === 'T0BENCH')).toHaveLength(180);
    expect(planned.every((p) => Number.isSafeInteger(p.entry.points) && p.entry.points >= 0)).toBe(
      true,
    );
  });
});
