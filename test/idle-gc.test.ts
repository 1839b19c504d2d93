import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { exposedGc, startIdleCollector } from '../src/runtime-tuning.js';

const MiB = 2 ** 20;

/** A heap and a loop the test moves by hand; `gc` brings the heap back to `live`. */
function fakeProcess() {
  const p = { used: 20 * MiB, live: 20 * MiB, busy: 0, collections: 0, requests: 0 };
  const collector = startIdleCollector({
    everyMs: 3_600_000,
    growthBytes: 8 * MiB,
    quietUtilization: 0.05,
    heapSize: () => p.used,
    utilization: () => p.busy,
    activity: () => p.requests,
    gc: () => {
      p.collections += 1;
      p.used = p.live;
    },
  });
  return { p, collector };
}

describe('the collection once the process goes quiet', () => {
  it('collects once the loop is quiet after the heap grew, and not again until it grows again', () => {
    const { p, collector } = fakeProcess();
    try {
      p.used = 50 * MiB;
      p.live = 22 * MiB;

      collector.look();
      collector.look();

      // Two full collections in a row, once.
      expect(p.collections).toBe(2);
      expect(p.used).toBe(22 * MiB);
      p.used = 25 * MiB;
      collector.look();
      expect(p.collections).toBe(2);
    } finally {
      collector.stop();
    }
  });

  it('never interrupts a busy loop, however much the heap grew', () => {
    const { p, collector } = fakeProcess();
    try {
      p.used = 80 * MiB;
      p.busy = 0.6;

      collector.look();
      p.busy = 0.06;
      collector.look();
      expect(p.collections).toBe(0);

      p.busy = 0.01;
      collector.look();
      expect(p.collections).toBe(2);
    } finally {
      collector.stop();
    }
  });

  it('waits for a look with no request since the last, however idle the loop reads', () => {
    const { p, collector } = fakeProcess();
    try {
      p.used = 80 * MiB;
      // A loop that waits for a core reads as idle while requests keep coming.
      p.requests += 3;
      collector.look();
      p.requests += 1;
      collector.look();
      expect(p.collections).toBe(0);

      collector.look();
      expect(p.collections).toBe(2);
    } finally {
      collector.stop();
    }
  });

  it('leaves a heap that grew less than the threshold alone', () => {
    const { p, collector } = fakeProcess();
    try {
      p.used = 27 * MiB;

      collector.look();

      expect(p.collections).toBe(0);
    } finally {
      collector.stop();
    }
  });

  it('does nothing where Node gives no gc function', () => {
    const collector = startIdleCollector({
      gc: undefined,
      heapSize: () => 500 * MiB,
      utilization: () => 0,
    });
    expect(() => collector.look()).not.toThrow();
    collector.stop();
  });

  it('frees the real heap with V8’s own gc', () => {
    // A clean, compacted heap to start from, as the start-up collection leaves production's:
    // this worker's earlier files leave garbage and emptied pages that the allocation below could
    // fill without the heap growing past the threshold.
    const gc = exposedGc();
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc?.();
      gc?.();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
    let collected = 0;
    const collector = startIdleCollector({
      everyMs: 3_600_000,
      growthBytes: 4 * MiB,
      utilization: () => 0,
      onCollect: (freed) => {
        collected = freed;
      },
    });
    try {
      let junk: unknown[] | undefined = Array.from({ length: 300_000 }, (_, i) => ({
        i,
        s: `x${i}`,
      }));
      expect(junk.length).toBe(300_000);
      junk = undefined;

      collector.look();

      expect(collected).toBeGreaterThan(4 * MiB);
    } finally {
      collector.stop();
    }
  });

  it('gives the pages it empties back to the system at once', async () => {
    // In a process of its own, started as scripts/start.sh starts the bot: RSS is the process's.
    const root = join(dirname(fileURLToPath(import.meta.url)), '..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--max-semi-space-size=1', join(root, 'test/fakes/fragmented-heap.ts')],
      { cwd: root },
    );
    const { start, before, after } = JSON.parse(stdout) as {
      start: number;
      before: number;
      after: number;
    };
    expect(before - start).toBeGreaterThan(25);
    // Compacting, 11 to 22% of the growth was left right after the look on a quiet machine, 33%
    // under the whole suite beside the benchmarks' runs. Collected without compacting, the
    // emptied pages stay with the process until V8 unmaps them later: 32 to 83% was left.
    expect(after - start).toBeLessThan(0.45 * (before - start));
  }, 30_000);
});
