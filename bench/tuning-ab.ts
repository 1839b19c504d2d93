import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSlackDouble } from '../src/slack-double/index.js';
import { slowPart } from './load-burst.js';

/**
 * The start-up and memory part of the load benchmark (load-burst.ts: ready time through
 * scripts/start.sh, idle RSS fresh, after 200 commands and after a daily summary with its chart,
 * the ack times of the bursts beside plain Bolt's and a bare HTTP server's), run against
 * several checkouts in turn, round after round, so a runtime-tuning piece is measured with and
 * without it in the same sitting (docs/design/startup-and-memory.md). One JSON line per run.
 *
 *   node bench/build/bench/tuning-ab.js <rounds> <checkout> <checkout> …
 */
const [roundsArg, ...checkouts] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!Number.isInteger(rounds) || rounds < 1 || checkouts.length === 0) {
  console.error('usage: tuning-ab.js <rounds> <checkout>…');
  process.exit(2);
}
for (let round = 1; round <= rounds; round++) {
  for (const checkout of checkouts) {
    const tmpDir = await mkdtemp(join(tmpdir(), 'qd-tuning-'));
    const double = await startSlackDouble();
    const closers: (() => Promise<void>)[] = [];
    try {
      const [start, burst] = await slowPart(double, { tmpDir, appDir: resolve(checkout) }, closers);
      const f = { ...start!.figures, ...burst!.figures };
      const figures = {
        readyMs: f.readyMs,
        idleRssMiB: f.idleRssMiB,
        afterBurstMiB: f.idleRssAfterBurstMiB,
        afterSummaryMiB: f.idleRssAfterSummaryMiB,
        ackP99Ms: f.ackP99Ms,
        plainBoltAckP99Ms: f.plainBoltAckP99Ms,
        ackP99VsPlainBolt: f.ackP99VsPlainBolt,
        ackP99MsByBurst: f.ackP99MsByBurst,
        plainBoltAckP99MsByBurst: f.plainBoltAckP99MsByBurst,
        bareHttpAckP99Ms: f.bareHttpAckP99Ms,
        answered: f.answered,
        botThreadsMs: f.ackWindowThreadsMs,
        plainBoltThreadsMs: f.plainBoltAckWindowThreadsMs,
        bareHttpThreadsMs: f.bareHttpAckWindowThreadsMs,
      };
      console.log(JSON.stringify({ round, checkout, ...figures }));
    } finally {
      for (const close of closers.reverse()) await close().catch(() => undefined);
      await double.close();
      await rm(tmpDir, { recursive: true, force: true });
    }
  }
}
