import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { threadCpuBetween, threadTimes } from '../../bench/thread-cpu.js';

const proc = mkdtempSync(join(tmpdir(), 'qd-proc-'));
afterAll(() => rmSync(proc, { recursive: true, force: true }));

/** A process's threads as /proc lays them out: `task/<tid>/schedstat` holds run, wait (ns), slices. */
function threads(pid: number, schedstat: Record<number, [number, number]>): void {
  rmSync(join(proc, String(pid)), { recursive: true, force: true });
  for (const [tid, [run, wait]] of Object.entries(schedstat)) {
    const dir = join(proc, String(pid), 'task', tid);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'schedstat'), `${run} ${wait} 7\n`);
  }
}

describe("the load run's reading of a process's threads", () => {
  it('names the main thread, the busiest other and the rest, in ms run/wait', () => {
    threads(100, { 100: [5e6, 1e6], 101: [2e6, 0], 102: [1e6, 0], 103: [0, 0] });
    const before = threadTimes(100, proc);
    expect(before?.get(100)).toEqual({ runNs: 5e6, waitNs: 1e6 });
    // Meanwhile the main thread ran 32 ms and waited 40; thread 102 became the busiest (60/30);
    // 101 ran 4 more, 103 ended, and 104 started and ran 3.
    threads(100, { 100: [37e6, 41e6], 101: [6e6, 0], 102: [61e6, 30e6], 104: [3e6, 1e6] });
    expect(threadCpuBetween(100, before, threadTimes(100, proc))).toBe(
      'main 32/40, busiest other 60/30, rest 7',
    );
  });

  it('says nothing where there is no reading', () => {
    expect(threadTimes(999_999, proc)).toBeNull();
    threads(200, { 200: [1e6, 0] });
    expect(threadCpuBetween(200, null, threadTimes(200, proc))).toBeNull();
    expect(threadCpuBetween(200, threadTimes(200, proc), null)).toBeNull();
    expect(threadCpuBetween(200, threadTimes(200, proc), threadTimes(200, proc))).toBe(
      'main 0/0, busiest other -, rest 0',
    );
  });
});
