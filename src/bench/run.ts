import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardRenderBench } from './card-render.js';
import { gatewayThroughput } from './gateway-throughput.js';
import { guarded } from './guard.js';
import { ledgerBench } from './ledger-insert.js';
import { loadBench } from './load-burst.js';
import { qrLiveBench, qrScheduleBench } from './qr-checks.js';
import { type BenchResult, benchReport, summaryLines, writeReport } from './report.js';
import { slashAck } from './slash-ack.js';

/** Each benchmark with the time it may take at most; together about 6 minutes on 2 cores. */
const SUITE: { name: string; limitMs: number; run: () => Promise<BenchResult[]> }[] = [
  { name: 'gateway throughput', limitMs: 45_000, run: () => gatewayThroughput() },
  { name: 'slash command ack', limitMs: 45_000, run: () => slashAck() },
  { name: 'qr schedule', limitMs: 10_000, run: async () => [qrScheduleBench()] },
  { name: 'qr live run', limitMs: 45_000, run: async () => [await qrLiveBench()] },
  { name: 'ledger on SQLite', limitMs: 60_000, run: async () => [await ledgerBench('sqlite')] },
  {
    name: 'ledger on PostgreSQL',
    limitMs: 75_000,
    run: async () => [await ledgerBench('postgres')],
  },
  { name: 'card rendering', limitMs: 30_000, run: () => cardRenderBench() },
  {
    name: 'load through npm start (1 and 3 replicas)',
    limitMs: 420_000,
    run: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'qd-load-'));
      try {
        return await loadBench({ tmpDir: dir });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  },
];

async function main(): Promise<number> {
  const t0 = performance.now();
  const results: BenchResult[] = [];
  // `npm run bench -- load` runs only the benchmarks whose name contains "load".
  const only = process.argv[2];
  for (const b of SUITE.filter((s) => !only || s.name.includes(only))) {
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
