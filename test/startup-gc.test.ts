import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectStartupGarbage } from '../src/runtime-tuning.js';

describe('the full collection once start-up is done', () => {
  it('frees what is no longer reachable', () => {
    // About 40 MB of short-lived objects kept just long enough to reach the old generation.
    let junk: unknown[] | undefined = Array.from({ length: 400_000 }, (_, i) => ({
      i,
      s: `x${i}`,
    }));
    const before = getHeapStatistics().used_heap_size;
    expect(junk.length).toBe(400_000);
    junk = undefined;
    const after = collectStartupGarbage();
    expect(after?.ms).toBeGreaterThanOrEqual(0);
    expect((after?.heapUsedMiB ?? Infinity) * 2 ** 20).toBeLessThan(before - 10 * 2 ** 20);
  });

  it('leaves no gc function to anyone else', () => {
    collectStartupGarbage();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    // A context made afterwards does not get one either: the flag was cleared.
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('collects nothing where Node gives no gc function (start-up then logs that it went without)', () => {
    expect(collectStartupGarbage(() => undefined)).toBeUndefined();
  });
});
