import { join } from 'node:path';
import { cardRenderBench } from './card-render.js';
import { gatewayThroughput } from './gateway-throughput.js';
import { guarded } from './guard.js';
import { ledgerBench } from './ledger-insert.js';
import { qrLiveBench, qrScheduleBench } from './qr-checks.js';
import { qrDetectionBench } from './qr-detection.js';
import { qrTakeoverBench } from './qr-takeover.js';
import { qrTenMinutesBench } from './qr-ten-minutes.js';
import { type BenchResult, benchReport, summaryLines, writeReport } from './report.js';
import { slashAck } from './slash-ack.js';

/** Each benchmark with the time it may take at most; together they stay under about 6 minutes. */
const SUITE: { name: string; limitMs: number; run: () => Promise<BenchResult[]> }[] = [
  { name: 'gateway throughput', limitMs: 45_000, run: () => gatewayThroughput() },
  { name: 'slash command ack', limitMs: 45_000, run: () => slashAck() },
  { name: 'qr schedule', limitMs: 10_000, run: async () => [qrScheduleBench()] },
  { name: 'qr live run', limitMs: 45_000, run: async () => [await qrLiveBench()] },
  { name: 'qr detection', limitMs: 120_000, run: async () => [await qrDetectionBench()] },
  { name: 'qr ten minutes', limitMs: 90_000, run: async () => [await qrTenMinutesBench()] },
  {
    name: 'qr takeover',
    limitMs: 150_000,
    run: async () => [
      await qrTakeoverBench({ processes: 1 }),
      await qrTakeoverBench({ processes: 3 }),
    ],
  },
  { name: 'ledger on SQLite', limitMs: 60_000, run: async () => [await ledgerBench('sqlite')] },
  {
    name: 'ledger on PostgreSQL',
    limitMs: 75_000,
    run: async () => [await ledgerBench('postgres')],
  },
  { name: 'card rendering', limitMs: 30_000, run: () => cardRenderBench() },
];

async function main(): Promise<number> {
  const t0 = performance.now();
  const results: BenchResult[] = [];
  for (const b of SUITE) {
    const s0 = performance.now();
    process.stdout.write(`running ${b.name}…`);
    results.push(...(await guarded(b.name, b.limitMs, b.run)));
    process.stdout.write(` ${((performance.now() - s0) / 1000).toFixed(1)} s\n`);
  }
  const report = benchReport(results, new Date());
  const paths = await writeReport(join(process.cwd(), 'bench', 'results'), report);
  process.stdout.write(`\n${summaryLines(report).join('\n')}\n\n`);
  process.stdout.write(
    `wrote ${paths.json} and ${paths.md} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  // Missed targets are reported, not fatal; a benchmark that could not run is.
  return results.some((r) => 'error' in r.figures) ? 1 : 0;
}

main().then(
  // Exit explicitly: a benchmark stopped by its time limit may still hold sockets open.
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      `benchmark run failed: ${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  },
);
