import { readdirSync, readFileSync } from 'node:fs';

/** Each thread's CPU time so far (Linux schedstat, ns): on a core, and runnable but waiting. */
export type ThreadTimes = Map<number, { runNs: number; waitNs: number }>;

/** A process's threads' times now, from `/proc/<pid>/task/*\/schedstat`; null where there is none. */
export function threadTimes(pid: number, proc = '/proc'): ThreadTimes | null {
  let tids: string[];
  try {
    tids = readdirSync(`${proc}/${pid}/task`);
  } catch {
    return null;
  }
  const times: ThreadTimes = new Map();
  for (const tid of tids) {
    let line: string;
    try {
      line = readFileSync(`${proc}/${pid}/task/${tid}/schedstat`, 'utf8');
    } catch {
      continue; // The thread ended meanwhile, or the kernel keeps no schedstat.
    }
    const [run, wait] = line.trim().split(/\s+/).map(Number);
    if (Number.isFinite(run) && Number.isFinite(wait)) {
      times.set(Number(tid), { runNs: run!, waitNs: wait! });
    }
  }
  return times.size > 0 ? times : null;
}

/**
 * What a process's threads did between two readings, ms: its main thread's run and wait, those
 * of its busiest other thread (in the bot under a burst, the ack thread), and the run of all the
 * rest together (V8's helpers, libuv's pool, other workers). As text:
 * `main 32/40, busiest other 60/30, rest 26` (run/wait). A thread that started meanwhile counts
 * from zero; null when either reading is missing.
 */
export function threadCpuBetween(
  pid: number,
  before: ThreadTimes | null,
  after: ThreadTimes | null,
): string | null {
  if (!before || !after) return null;
  const spent = [...after].map(([tid, t]) => {
    const b = before.get(tid);
    return {
      tid,
      run: (t.runNs - (b?.runNs ?? 0)) / 1e6,
      wait: (t.waitNs - (b?.waitNs ?? 0)) / 1e6,
    };
  });
  const main = spent.find((s) => s.tid === pid);
  const others = spent.filter((s) => s.tid !== pid).sort((a, b) => b.run - a.run);
  const busiest = others[0];
  const rest = others.slice(1).reduce((sum, s) => sum + s.run, 0);
  const ms = (x: number) => String(Math.round(x));
  const pair = (s?: { run: number; wait: number }) => (s ? `${ms(s.run)}/${ms(s.wait)}` : '-');
  return `main ${pair(main)}, busiest other ${pair(busiest)}, rest ${ms(rest)}`;
}
