/**
 * A process for test/idle-gc.test.ts: it leaves a heap of tens of MiB in which one object in
 * twenty lives (as a burst of commands does), lets the idle collector look once, and prints its
 * RSS at its start, before the look and right after it, as JSON.
 */
import { startIdleCollector } from '../../src/runtime-tuning.js';

const MiB = 2 ** 20;
const rss = () => process.memoryUsage.rss() / MiB;
const collector = startIdleCollector({ everyMs: 3_600_000, utilization: () => 0 });
const start = rss();
const live: unknown[] = [];
let batch: unknown[] = [];
for (let i = 0; i < 600_000; i++) {
  const o = { i, s: `x${i}`, a: [i] };
  batch.push(o);
  if (i % 20 === 0) live.push(o);
  if (batch.length > 100_000) batch = [];
}
batch = [];
const before = rss();
collector.look();
const after = rss();
collector.stop();
process.stdout.write(`${JSON.stringify({ start, before, after, live: live.length })}\n`);
