import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../src/config.js';
import { cardRenderBench } from './card-render.js';
import { gatewayThroughput } from './gateway-throughput.js';
import { guarded } from './guard.js';
import { ledgerBench } from './ledger-insert.js';
import { loadBench } from './load-burst.js';
import { mentionAck } from './mention-ack.js';
import { qrLiveBench, qrScheduleBench } from './qr-checks.js';
import { qrDetectionBench } from './qr-detection.js';
import { qrTakeoverBench } from './qr-takeover.js';
import { qrTenMinutesBench } from './qr-ten-minutes.js';
import { type BenchResult, benchReport, summaryLines, writeReport } from './report.js';
import { scaleSuite } from './scale-suite.js';
import { slashAck } from './slash-ack.js';

/**
 * `npm run bench -- --ledger-sizes=1000000,3600000` adds the ledger at those sizes on both
 * databases (minutes each); `--only=ledger` runs the ledger benchmarks alone; `--qr-speed=20`
 * runs the 10-minute QR watch 20 times faster than real time, in the bench process.
 */
function args(argv: readonly string[]): { ledgerSizes: number[]; only?: string; qrSpeed: number } {
  const value = (name: string) =>
    argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const sizes = (value('ledger-sizes') ?? '')
    .split(',')
    .filter((v) => v !== '')
    .map((v) => {
      const n = Number(v.replace(/_/g, ''));
      if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`--ledger-sizes: ${v} is not a size`);
      return n;
    });
  const qrSpeed = Number(value('qr-speed') ?? 1);
  if (!Number.isFinite(qrSpeed) || qrSpeed < 1) throw new Error('--qr-speed: a number ≥ 1');
  return { ledgerSizes: sizes, only: value('only'), qrSpeed };
}

/** Entries written through record() at the big sizes; the rest are bulk-loaded before them. */
const BIG_RECORDED = 200_000;

function bigLedger(sizes: number[]): typeof SUITE {
  return sizes.flatMap((entries) =>
    (['sqlite', 'postgres'] as const).map((dialect) => ({
      name: `ledger on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${entries} entries`,
      // Bulk load, aggregate build and 200 000 record() calls: generous, it is a ceiling.
      limitMs: 300_000 + entries * (dialect === 'sqlite' ? 0.2 : 0.5),
      run: async () => {
        const r = await ledgerBench(dialect, { entries, recorded: BIG_RECORDED });
        const { spend30dP95Ms: spend, homeBuildP95Ms: home } = r.figures;
        if (typeof spend !== 'number' || typeof home !== 'number') return [r];
        return [
          {
            ...r,
            target: '/spend 30d p95 ≤ 200 ms, Home build p95 ≤ 300 ms',
            met: spend <= 200 && home <= 300,
          },
        ];
      },
    })),
  );
}

/**
 * The 10-minute QR watch, last so that it runs alone: real time unless `speed` compresses it.
 * Its time limit is the watch plus start-up and the last watches' ending.
 */
function qrTenMinutes(speed: number): (typeof SUITE)[number] {
  const watchMs = readConfig({}).qr.watchTimeoutMs;
  return {
    name: 'qr ten minutes',
    limitMs: watchMs / speed + 180_000,
    run: async () => [await qrTenMinutesBench({ speed })],
  };
}

/**
 * Each benchmark with the time it may take at most, with room for a slow day on the shared
 * 2-core machine (the run's own report gives the time each took).
 */
const SUITE: {
  name: string;
  limitMs: number;
  run: (signal: AbortSignal) => Promise<BenchResult[]>;
}[] = [
  { name: 'gateway throughput', limitMs: 45_000, run: () => gatewayThroughput() },
  { name: 'slash command ack', limitMs: 45_000, run: () => slashAck() },
  { name: 'mention ack', limitMs: 60_000, run: () => mentionAck() },
  { name: 'qr schedule', limitMs: 10_000, run: async () => [qrScheduleBench()] },
  { name: 'qr live run', limitMs: 45_000, run: async () => [await qrLiveBench()] },
  { name: 'qr detection', limitMs: 120_000, run: async () => [await qrDetectionBench()] },
  {
    name: 'qr takeover',
    limitMs: 150_000,
    run: async () => [
      await qrTakeoverBench({ processes: 1 }),
      await qrTakeoverBench({ processes: 3 }),
    ],
  },
  { name: 'ledger on SQLite', limitMs: 300_000, run: async () => [await ledgerBench('sqlite')] },
  {
    name: 'ledger on PostgreSQL',
    limitMs: 300_000,
    run: async () => [await ledgerBench('postgres')],
  },
  { name: 'card rendering', limitMs: 30_000, run: () => cardRenderBench() },
  {
    name: 'load through scripts/start.sh (1 and 3 replicas)',
    limitMs: 540_000,
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
  const { ledgerSizes, only, qrSpeed } = args(process.argv.slice(2));
  const suite = [
    ...SUITE,
    ...scaleSuite(process.argv.slice(2)),
    ...bigLedger(ledgerSizes),
    qrTenMinutes(qrSpeed),
  ].filter((b) => only === undefined || b.name.startsWith(only));
  const results: BenchResult[] = [];
  for (const b of suite) {
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
