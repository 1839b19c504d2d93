import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BenchReport,
  type BenchResult,
  benchReport,
  machineInfo,
  summaryLines,
  writeReport,
} from '../../bench/report.js';

const RESULTS: BenchResult[] = [
  {
    name: 'gateway: 3 calls',
    figures: { callsPerSec: 9.1, maxArrivalsIn1s: 3 },
    target: '≤ 10 arrivals in any 1 s',
    met: true,
  },
  { name: 'slash: acks', figures: { ackMaxMs: 3500 }, target: 'every ack < 3000 ms', met: false },
  { name: 'ledger: PostgreSQL', figures: { status: 'skipped: not answering' } },
];

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

describe('writeReport', () => {
  it('writes latest.json in the contract shape and latest.md, creating the folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qd-bench-test-'));
    const out = join(dir, 'bench', 'results');
    const report = benchReport(RESULTS, new Date('2024-05-01T04:00:00Z'));

    const paths = await writeReport(out, report);

    expect(paths).toEqual({ json: join(out, 'latest.json'), md: join(out, 'latest.md') });
    expect((await readdir(out)).sort()).toEqual(['latest.json', 'latest.md']);
    const json = JSON.parse(await readFile(paths.json, 'utf8')) as BenchReport;
    expect(json.generatedAt).toBe('2024-05-01T04:00:00.000Z');
    expect(json.machine).toEqual({
      node: process.version,
      cpus: expect.any(Number),
      platform: expect.any(String),
    });
    expect(json.results).toEqual(RESULTS);
  });

  it('renders a Markdown table with each benchmark, its figures, target and verdict', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qd-bench-test-'));
    const report = benchReport(RESULTS, new Date('2024-05-01T04:00:00Z'), {
      node: 'v20.0.0',
      cpus: 2,
      platform: 'linux x64',
    });

    const md = await readFile((await writeReport(dir, report)).md, 'utf8');

    expect(md).toContain('Node v20.0.0, 2 CPUs, linux x64');
    expect(md).toContain('| benchmark | figure | value | target | met |');
    expect(md).toContain(
      '| gateway: 3 calls | callsPerSec | 9.1 | ≤ 10 arrivals in any 1 s | yes |',
    );
    expect(md).toContain('|  | maxArrivalsIn1s | 3 |  |  |');
    expect(md).toContain('| slash: acks | ackMaxMs | 3500 | every ack < 3000 ms | **no** |');
    expect(md).toContain('| ledger: PostgreSQL | status | skipped: not answering | — |  |');
  });
});

describe('summaryLines', () => {
  it('prints one line per benchmark, flagging a missed target', () => {
    const lines = summaryLines(benchReport(RESULTS, new Date(0), machineInfo()));

    expect(lines).toEqual([
      'gateway: 3 calls [target met]: callsPerSec=9.1 maxArrivalsIn1s=3',
      'slash: acks [TARGET MISSED]: ackMaxMs=3500',
      'ledger: PostgreSQL: status=skipped: not answering',
    ]);
  });
});
